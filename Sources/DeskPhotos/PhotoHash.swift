import Crypto

/// A stored photo's name: the SHA-256 of its bytes in lowercase hex (`MemberFieldRules.isPhotoHash`).
public enum PhotoHash {
    public static func of(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
