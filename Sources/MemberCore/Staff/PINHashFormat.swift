/// What a stored PIN hash must look like: libsodium's Argon2id string
/// (`$argon2id$v=19$m=65536,t=2,p=1$SALT$HASH`, base64 without padding). The store and the sync
/// reader refuse anything else, so a hostile file cannot plant a hash libsodium would not make.
public enum PINHashFormat {
    public static func isWellFormed(_ hash: String) -> Bool {
        guard hash.utf8.count <= 128 else { return false }  // crypto_pwhash_STRBYTES
        let parts = hash.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].isEmpty, parts[1] == "argon2id", parts[2] == "v=19" else { return false }
        let costs = parts[3].split(separator: ",")
        guard costs.count == 3 else { return false }
        for (cost, key) in zip(costs, ["m=", "t=", "p="]) {
            guard cost.hasPrefix(key), let value = UInt32(cost.dropFirst(2)), value > 0 else { return false }
        }
        return isBase64(parts[4], minimum: 16) && isBase64(parts[5], minimum: 32)
    }

    /// Unpadded standard base64 of at least `minimum` bytes.
    private static func isBase64(_ text: Substring, minimum: Int) -> Bool {
        text.utf8.count >= (minimum * 4 + 2) / 3 && text.utf8.count % 4 != 1
            && text.utf8.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 43 || $0 == 47 }
    }
}
