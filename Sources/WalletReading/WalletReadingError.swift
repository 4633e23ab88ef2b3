/// What went wrong reading a phone's pass, in words staff can act on.
public enum WalletReadingError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedTLV(String)
    /// Smart Tap's nested NDEF records do not parse.
    case malformedNDEF(String)
    /// The phone's answer lacks something the protocol requires.
    case malformedAnswer(String)
    /// No key of ours has this id: the pass was made for another key (or a key since retired).
    case unknownKeyId([UInt8])
    /// AES-GCM's tag or Smart Tap's HMAC did not verify: the data was not made for our key.
    case authenticationFailed(String)
    case badKey(String)

    public var description: String {
        switch self {
        case .malformedTLV(let what): return "malformed TLV: \(what)"
        case .malformedNDEF(let what): return "malformed NDEF: \(what)"
        case .malformedAnswer(let what): return "malformed answer: \(what)"
        case .unknownKeyId(let id): return "the pass is encrypted for key id \(walletHex(id)), which is none of ours"
        case .authenticationFailed(let what): return "\(what) does not verify: the pass was not made for our key"
        case .badKey(let what): return what
        }
    }
}
