import Foundation
import GRDB

/// Phones' cryptograms already read, by digest, kept until they would be stale anyway
/// (`wallet_claim`), with the desk that claimed each (its own claims travel in its
/// `wallet-claims.json`: see `WalletClaimSync`), and the cryptograms found read at two desks
/// once their files met (`wallet_replay`).
extension AppDatabase {
    static func registerWalletClaimDesks(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15-phonesync-wallet-claim-desks") { db in
            // Claims made before this have no desk ('') and stay local: they expire within
            // max_age_seconds anyway.
            try db.execute(sql: """
                ALTER TABLE wallet_claim ADD COLUMN terminalId TEXT NOT NULL DEFAULT '';
                CREATE TABLE wallet_replay (
                    digest BLOB PRIMARY KEY,
                    terminals TEXT NOT NULL,
                    foundAt REAL NOT NULL
                ) WITHOUT ROWID;
                """)
        }
    }

    /// This desk's claims not yet expired, at most `limit` (those kept longest): its file's contents.
    func ownWalletClaims(terminalId: String, now: Double, limit: Int) throws -> [WalletClaimEntry] {
        try read { store in
            try store.walletClaims(sql: "SELECT * FROM wallet_claim WHERE terminalId = ? AND keepUntil >= ? ORDER BY keepUntil DESC, digest LIMIT ?",
                                   [terminalId, now, limit])
        }
    }

    /// Every claim not yet expired, every desk's (tests and the three-desk property): digest → keepUntil.
    @_spi(Testing) public func liveWalletClaims(now: Double) throws -> [[UInt8]: Double] {
        try read { store in
            Dictionary(uniqueKeysWithValues: try store.walletClaims(sql: "SELECT * FROM wallet_claim WHERE keepUntil >= ?", [now])
                .map { ($0.digest, $0.keepUntil) })
        }
    }

    /// Whether a digest is claimed and not yet expired (here or at a desk whose claims were merged).
    func isWalletCryptogramClaimed(_ digest: [UInt8], now: Double) throws -> Bool {
        try read { store in
            try Bool.fetchOne(store.db, sql: "SELECT EXISTS(SELECT 1 FROM wallet_claim WHERE digest = ? AND keepUntil >= ?)",
                              arguments: [Data(digest), now]) ?? false
        }
    }

    /// Merges another desk's claims by union (the later `keepUntil` wins; expired ones are skipped).
    /// A digest this database holds from another desk was read at both: recorded as found at `now`.
    func mergeWalletClaims(_ claims: [WalletClaimEntry], at now: Double) throws -> (changed: Int, replays: [WalletReplay]) {
        try write { store in
            try store.db.execute(sql: "DELETE FROM wallet_claim WHERE keepUntil < ?", arguments: [now])
            var changed = 0
            var found: [WalletReplay] = []
            for claim in claims where claim.keepUntil >= now {
                let held = try store.walletClaims(sql: "SELECT * FROM wallet_claim WHERE digest = ?", [Data(claim.digest)]).first
                guard let held else {
                    try store.db.execute(sql: "INSERT INTO wallet_claim(digest, keepUntil, terminalId) VALUES (?, ?, ?)",
                                         arguments: [Data(claim.digest), claim.keepUntil, claim.terminalId])
                    changed += 1
                    continue
                }
                if claim.keepUntil > held.keepUntil {
                    // The row keeps its desk: a desk's own claim stays in its own file.
                    try store.db.execute(sql: "UPDATE wallet_claim SET keepUntil = ? WHERE digest = ?",
                                         arguments: [claim.keepUntil, Data(claim.digest)])
                    changed += 1
                }
                if !held.terminalId.isEmpty, held.terminalId != claim.terminalId,
                   let replay = try store.noteWalletReplay(claim.digest, desks: [held.terminalId, claim.terminalId], at: now) {
                    found.append(replay)
                }
            }
            return (changed, found)
        }
    }

    /// Cryptograms found read at two desks, newest first.
    func walletReplays() throws -> [WalletReplay] {
        try read { store in
            try Row.fetchAll(store.db, sql: "SELECT * FROM wallet_replay ORDER BY foundAt DESC, digest").map {
                WalletReplay(digest: WalletClaimFile.hex(($0["digest"] as Data).prefix(8)),
                             terminals: ($0["terminals"] as String).split(separator: ",").map(String.init), foundAt: $0["foundAt"])
            }
        }
    }
}

extension StoreTransaction {
    /// Claims a cryptogram's digest for `terminalId` until `until`. False: it was claimed before,
    /// here or at a desk whose claims were merged (a replay). Claims past their time are dropped on the way.
    func claimWalletCryptogram(_ digest: [UInt8], until: Double, now: Double, terminalId: String) throws -> Bool {
        try db.cachedStatement(sql: "DELETE FROM wallet_claim WHERE keepUntil < ?").execute(arguments: [now])
        try db.cachedStatement(sql: "INSERT INTO wallet_claim(digest, keepUntil, terminalId) VALUES (?, ?, ?) ON CONFLICT(digest) DO NOTHING")
            .execute(arguments: [Data(digest), until, terminalId])
        return db.changesCount > 0
    }

    /// Records that `desks` read the cryptogram; the replay if this is news (a new desk among them).
    fileprivate func noteWalletReplay(_ digest: [UInt8], desks: [String], at time: Double) throws -> WalletReplay? {
        let held = try String.fetchOne(db, sql: "SELECT terminals FROM wallet_replay WHERE digest = ?", arguments: [Data(digest)])
        let all = Set((held ?? "").split(separator: ",").map(String.init)).union(desks).sorted()
        guard all.joined(separator: ",") != held else { return nil }
        try db.execute(sql: """
            INSERT INTO wallet_replay(digest, terminals, foundAt) VALUES (?, ?, ?)
            ON CONFLICT(digest) DO UPDATE SET terminals = excluded.terminals
            """, arguments: [Data(digest), all.joined(separator: ","), time])
        return held == nil ? WalletReplay(digest: WalletClaimFile.hex(digest.prefix(8)), terminals: all, foundAt: time) : nil
    }

    fileprivate func walletClaims(sql: String, _ arguments: StatementArguments) throws -> [WalletClaimEntry] {
        try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map {
            WalletClaimEntry(digest: Array($0["digest"] as Data), keepUntil: $0["keepUntil"], terminalId: $0["terminalId"])
        }
    }
}
