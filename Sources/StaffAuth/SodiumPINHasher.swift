import CSodium
import Glibc
import MemberKit

/// The PIN hasher: libsodium's `crypto_pwhash_str` (Argon2id, interactive limits: 64 MiB, about
/// 0.1 to 0.5 s) and its constant-time `crypto_pwhash_str_verify`.
public struct SodiumPINHasher: PINHasher {
    public init() throws {
        guard Self.initialized >= 0 else { throw DeskError.io("libsodium could not start (sodium_init failed)") }
    }

    // sodium_init is safe to call more than once; once per process is enough.
    private static let initialized: Int32 = sodium_init()

    public func hash(_ pin: PIN) throws -> String {
        var out = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let result = pin.digits.withCString { text in
            crypto_pwhash_str(&out, text, UInt64(strlen(text)),
                              UInt64(crypto_pwhash_opslimit_interactive()), crypto_pwhash_memlimit_interactive())
        }
        guard result == 0 else { throw DeskError.io("could not hash the PIN (out of memory?)") }
        return String(cString: out)
    }

    public func verify(_ pin: PIN, against hash: String) -> Bool {
        guard PINHashFormat.isWellFormed(hash) else { return false }
        return hash.withCString { stored in
            pin.digits.withCString { text in
                crypto_pwhash_str_verify(stored, text, UInt64(strlen(text))) == 0
            }
        }
    }
}
