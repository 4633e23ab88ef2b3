import Foundation

/// The memberIds seen so far in one file, as 64-bit hashes: a million ids in 16 MB rather than
/// 100 MB of strings. A false duplicate needs a 64-bit collision (odds of about 3 in 10^8 for a million ids).
struct MemberIdSet {
    private var hashes = Set<UInt64>()

    mutating func insert(_ memberId: String) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: stable, unlike Hasher, and cheap
        for byte in memberId.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hashes.insert(hash).inserted
    }
}
