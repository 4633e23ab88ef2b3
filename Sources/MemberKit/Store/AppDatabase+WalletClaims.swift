import Foundation
import GRDB

/// Phones' cryptograms already read, by digest, kept until they would be stale anyway.
extension StoreTransaction {
    /// Claims a cryptogram's digest until `until`. False: it was claimed before (a replay).
    /// Claims past their time are dropped on the way.
    func claimWalletCryptogram(_ digest: [UInt8], until: Double, now: Double) throws -> Bool {
        try db.cachedStatement(sql: "DELETE FROM wallet_claim WHERE keepUntil < ?").execute(arguments: [now])
        try db.cachedStatement(sql: "INSERT INTO wallet_claim(digest, keepUntil) VALUES (?, ?) ON CONFLICT(digest) DO NOTHING")
            .execute(arguments: [Data(digest), until])
        return db.changesCount > 0
    }
}
