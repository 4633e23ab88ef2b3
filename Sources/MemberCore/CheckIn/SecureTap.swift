/// A tap whose card proved itself: an NTAG 424 DNA's SUN message, decrypted and its MAC checked
/// by the reader's side. The pass is `SUN:<uid>`; the read counter is what refuses a replay.
public struct SecureTap: Sendable, Equatable, Hashable {
    /// The tag's UID, uppercase hex.
    public var uid: String
    /// The tag's SDM read counter (24 bits), rising with every read.
    public var counter: UInt32

    public init(uid: String, counter: UInt32) {
        self.uid = uid
        self.counter = counter
    }

    /// The pass a verified tag checks in as.
    public var passId: String { Self.passPrefix + uid }

    public static let passPrefix = "SUN:"
}
