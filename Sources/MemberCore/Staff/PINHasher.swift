/// Turns a PIN into a salted, memory-hard hash and checks a PIN against one. The core only
/// stores and compares strings; the adapter (StaffAuth's libsodium hasher) does the work.
/// A check is slow on purpose (0.1 to 0.5 s): callers keep it off the UI thread.
public protocol PINHasher: Sendable {
    /// A new hash of `pin`, with a fresh salt (two calls give two different strings).
    func hash(_ pin: PIN) throws -> String
    /// Whether `pin` is the one `hash` was made from, in constant time.
    func verify(_ pin: PIN, against hash: String) -> Bool
}
