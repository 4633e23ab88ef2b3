import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// Wallet passes' own credentials (`pass_credential`): every credential any desk issued, with its
/// revocation, merged by union (see `PassCredential`). A desk's own file carries the credentials
/// it issued and those it revoked (`PassCredentialState`).
extension AppDatabase {
    static func registerPassCredentials(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v25-pass-credentials") { db in
            try db.execute(sql: """
                CREATE TABLE pass_credential (
                    credential TEXT PRIMARY KEY NOT NULL,
                    memberId TEXT NOT NULL,
                    wallet TEXT NOT NULL,
                    issuedAt REAL NOT NULL,
                    terminalId TEXT NOT NULL,
                    revokedAt REAL,
                    revokedBy TEXT
                ) WITHOUT ROWID;
                CREATE INDEX pass_credential_member ON pass_credential(memberId, wallet, issuedAt);
                CREATE INDEX pass_credential_desk ON pass_credential(terminalId);
                CREATE INDEX pass_credential_revoker ON pass_credential(revokedBy) WHERE revokedBy IS NOT NULL;
                """)
        }
    }

    /// Stores a new credential (a pass issued): from then on it is the member's pass of its wallet.
    package func issuePassCredential(_ credential: PassCredential) throws {
        try write { store in try store.storePassCredential(credential) }
    }

    /// Revokes the member's current passes (`wallet`, or both wallets' when nil) at `time` by
    /// `desk`, each with its `audit` line: the credentials revoked, none when the member has no
    /// pass not yet revoked.
    package func revokePassCredentials(memberId: String, wallet: WalletKind?, at time: Double, by desk: String,
                                       audit: (PassCredential) -> AuditEntry) throws -> [PassCredential] {
        try write { store in
            var revoked: [PassCredential] = []
            for kind in wallet.map({ [$0] }) ?? WalletKind.allCases {
                let siblings = try store.passCredentials(memberId: memberId, wallet: kind)
                guard var current = siblings.first(where: { PassCredential.standing(of: $0, among: siblings) == .current(memberId: memberId) })
                else { continue }
                (current.revokedAt, current.revokedBy) = (time, desk)
                try store.storePassCredential(current)
                try store.appendAudit(audit(current))
                revoked.append(current)
            }
            return revoked
        }
    }

    /// The member's current pass credential of `wallet` (nil: none, or it was revoked).
    package func currentPassCredential(memberId: String, wallet: WalletKind) throws -> PassCredential? {
        try read { store in
            let siblings = try store.passCredentials(memberId: memberId, wallet: wallet)
            return siblings.last.flatMap { PassCredential.standing(of: $0, among: siblings) == .current(memberId: memberId) ? $0 : nil }
        }
    }

    /// Every credential of a member, oldest first (`wallet status`, tests).
    package func passCredentials(memberId: String) throws -> [PassCredential] {
        try read { store in try WalletKind.allCases.flatMap { try store.passCredentials(memberId: memberId, wallet: $0) } }
    }

    /// Every credential, by its text (the three-desk property).
    @_spi(Testing) public func allPassCredentials() throws -> [PassCredential] {
        try read { store in try store.passCredentials(sql: "SELECT * FROM pass_credential ORDER BY credential", []) }
    }

    /// What `terminalId`'s file says: the credentials it issued or revoked.
    func ownPassCredentials(terminalId: String) throws -> [PassCredential] {
        try read { store in
            try store.passCredentials(sql: "SELECT * FROM pass_credential WHERE terminalId = ? OR revokedBy = ? ORDER BY credential",
                                      [terminalId, terminalId])
        }
    }

    /// Merges another desk's credentials by union (`PassCredential.merged`); returns how many changed here.
    func mergePassCredentials(_ credentials: [PassCredential]) throws -> Int {
        try write { store in
            var changed = 0
            for credential in credentials {
                let held = try store.passCredentials(sql: "SELECT * FROM pass_credential WHERE credential = ?", [credential.credential]).first
                let merged = held.map { $0.merged(with: credential) } ?? credential
                guard merged != held else { continue }
                try store.storePassCredential(merged)
                changed += 1
            }
            return changed
        }
    }
}

extension StoreTransaction {
    func storePassCredential(_ c: PassCredential) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO pass_credential(credential, memberId, wallet, issuedAt, terminalId, revokedAt, revokedBy)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [c.credential, c.memberId, c.wallet.rawValue, c.issuedAt, c.terminalId, c.revokedAt, c.revokedBy])
    }

    func passCredentials(memberId: String, wallet: WalletKind) throws -> [PassCredential] {
        try passCredentials(sql: "SELECT * FROM pass_credential WHERE memberId = ? AND wallet = ? ORDER BY issuedAt, credential",
                            [memberId, wallet.rawValue])
    }

    func passCredentials(sql: String, _ arguments: StatementArguments) throws -> [PassCredential] {
        try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).compactMap { row in
            guard let wallet = WalletKind(rawValue: row["wallet"]) else { return nil }
            return PassCredential(credential: row["credential"], memberId: row["memberId"], wallet: wallet, issuedAt: row["issuedAt"],
                                  terminalId: row["terminalId"], revokedAt: row["revokedAt"], revokedBy: row["revokedBy"])
        }
    }

    /// A tap's pass as a Wallet pass's credential: its standing (nil: no credential of ours). Only
    /// a text written as a credential costs a read.
    func passCredentialStanding(_ passId: String) throws -> PassCredential.Standing? {
        guard PassCredential.isWellFormed(passId),
              let credential = try passCredentials(sql: "SELECT * FROM pass_credential WHERE credential = ?", [passId]).first else {
            return nil
        }
        return PassCredential.standing(of: credential, among: try passCredentials(memberId: credential.memberId, wallet: credential.wallet))
    }
}
