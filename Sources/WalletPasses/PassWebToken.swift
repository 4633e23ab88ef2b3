import Crypto
import MemberKit

/// A pass's `authenticationToken`: 32 characters of base32 (160 bits) from the system's random
/// source, handed out once in the pass and kept only as its SHA-256 (`pass_web_pass`).
public enum PassWebToken {
    public static func mint() -> String {
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        // PassCredential's base32, without its "WP-": a token is no credential.
        return String(PassCredential.text(bytes).dropFirst(PassCredential.prefix.count))
    }

    public static func digest(_ token: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(token.utf8)))
    }
}
