import MemberKit

/// A `PINHasher` for tests: instant, and its hashes are well-formed Argon2id strings (so the store
/// and sync accept them) that hide the digits behind a simple keyed mix. Not a secret to anyone.
public struct FakePINHasher: PINHasher {
    public init() {}

    public func hash(_ pin: PIN) throws -> String {
        "$argon2id$v=19$m=8,t=1,p=1$ZmFrZXNhbHRmYWtlc2FsdA$" + Self.mix(pin.digits)
    }

    public func verify(_ pin: PIN, against hash: String) -> Bool {
        hash.hasSuffix("$" + Self.mix(pin.digits))
    }

    /// 43 base64 letters from the digits, none of which are digits themselves.
    private static func mix(_ digits: String) -> String {
        var state: UInt64 = 1469598103934665603
        for byte in digits.utf8 { state = (state ^ UInt64(byte)) &* 1099511628211 }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        return String((0..<43).map { index in
            state = state &* 6364136223846793005 &+ UInt64(index) &+ 1442695040888963407
            return letters[Int(state >> 33) % letters.count]
        })
    }
}
