/// `Authorization: ApplePass <token>`: the pass's own token, which the store keeps only as a
/// SHA-256 digest (the adapter hashes what came; the core compares digests, in constant time).
public enum PassWebAuthorization {
    /// The token of an `ApplePass` header; nil for none, another scheme or an empty token.
    public static func token(fromHeader header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0] == "ApplePass" else { return nil }
        let token = parts[1].trimmingPrefixSpaces()
        guard !token.isEmpty, token.utf8.count <= 256 else { return nil }
        return String(token)
    }

    /// Whether two digests are equal, looking at every byte whatever differs first, so the time
    /// a wrong token takes says nothing of how much of it was right.
    public static func digestsMatch(_ presented: [UInt8], _ stored: [UInt8]) -> Bool {
        guard presented.count == stored.count, !stored.isEmpty else { return false }
        var difference: UInt8 = 0
        for index in stored.indices { difference |= presented[index] ^ stored[index] }
        return difference == 0
    }
}

extension Substring {
    fileprivate func trimmingPrefixSpaces() -> Substring { drop { $0 == " " } }
}
