import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// The pass web service's tables (`wallet serve`): the passes issued with a web service URL
/// (`pass_web_pass`: the token's digest, what the pass shows as a digest, its tag) and the
/// devices registered for them (`pass_web_registration`). Each write is a `PassWebDecision`
/// decided in the transaction that reads its facts. Neither table travels in the sync folder.
extension AppDatabase {
    static func registerPassWebService(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v26-pass-web-service") { db in
            try db.execute(sql: """
                CREATE TABLE pass_web_pass (
                    passTypeId TEXT NOT NULL,
                    serialNumber TEXT NOT NULL,
                    tokenDigest BLOB NOT NULL,
                    contentDigest BLOB NOT NULL,
                    tag INTEGER NOT NULL,
                    issuedAt REAL NOT NULL,
                    PRIMARY KEY (passTypeId, serialNumber)
                ) WITHOUT ROWID;
                CREATE INDEX pass_web_pass_tag ON pass_web_pass(tag);
                CREATE TABLE pass_web_registration (
                    deviceLibraryIdentifier TEXT NOT NULL,
                    passTypeId TEXT NOT NULL,
                    serialNumber TEXT NOT NULL,
                    pushToken TEXT NOT NULL,
                    registeredAt REAL NOT NULL,
                    PRIMARY KEY (deviceLibraryIdentifier, passTypeId, serialNumber)
                ) WITHOUT ROWID;
                CREATE INDEX pass_web_registration_pass ON pass_web_registration(passTypeId, serialNumber);
                """)
        }
    }

    /// A pass issued with the web service: its token's digest and content replace any before
    /// (a new .pkpass of the same serial replaces the old in Wallet), with a new tag.
    package func recordWebPass(passTypeId: String, serialNumber: String, tokenDigest: [UInt8], contentDigest: [UInt8],
                               at time: Double) throws -> PassWebPass {
        try write { store in
            let pass = PassWebPass(passTypeId: passTypeId, serialNumber: serialNumber, tokenDigest: tokenDigest, contentDigest: contentDigest,
                                   tag: PassWebDecision.nextTag(after: try store.highestWebPassTag(), now: time), issuedAt: time)
            try store.storeWebPass(pass)
            return pass
        }
    }

    package func webPass(passTypeId: String, serialNumber: String) throws -> PassWebPass? {
        try read { store in try store.webPass(passTypeId: passTypeId, serialNumber: serialNumber) }
    }

    /// Registers a device for a pass as `PassWebDecision.decide(register:…)` says; what it decided.
    package func registerWebPass(_ key: PassWebRegistrationKey, pushToken: String, presented: [UInt8]?, limits: PassWebLimits,
                                 at time: Double) throws -> PassWebRegistrationDecision {
        try write { store in
            let pass = try store.webPass(passTypeId: key.passTypeId, serialNumber: key.serialNumber)
            let existing = try store.webRegistration(key)
            let count = try Int.fetchOne(store.db, sql: "SELECT COUNT(*) FROM pass_web_registration WHERE deviceLibraryIdentifier = ?",
                                         arguments: [key.device]) ?? 0
            let decision = PassWebDecision.decide(register: key, pushToken: pushToken, pass: pass, presented: presented, existing: existing,
                                                  deviceRegistrations: count, limits: limits, at: time)
            switch decision {
            case .create(let registration), .updatePushToken(let registration):
                try store.db.execute(sql: """
                    INSERT OR REPLACE INTO pass_web_registration(deviceLibraryIdentifier, passTypeId, serialNumber, pushToken, registeredAt)
                    VALUES (?, ?, ?, ?, ?)
                    """, arguments: [key.device, key.passTypeId, key.serialNumber, registration.pushToken, registration.registeredAt])
            case .unchanged, .refuse:
                break
            }
            return decision
        }
    }

    /// Unregisters a device from a pass as `PassWebDecision.decide(unregister:…)` says.
    package func unregisterWebPass(_ key: PassWebRegistrationKey, presented: [UInt8]?) throws -> PassWebUnregistration {
        try write { store in
            let pass = try store.webPass(passTypeId: key.passTypeId, serialNumber: key.serialNumber)
            let decision = PassWebDecision.decide(unregister: key, pass: pass, presented: presented)
            if case .remove(let key) = decision {
                try store.db.execute(sql: """
                    DELETE FROM pass_web_registration WHERE deviceLibraryIdentifier = ? AND passTypeId = ? AND serialNumber = ?
                    """, arguments: [key.device, key.passTypeId, key.serialNumber])
            }
            return decision
        }
    }

    /// The passes of `passTypeId` a device is registered for.
    package func webPassesRegistered(device: String, passTypeId: String) throws -> [PassWebPass] {
        try read { store in
            try store.webPasses(sql: """
                SELECT p.* FROM pass_web_registration r JOIN pass_web_pass p
                  ON p.passTypeId = r.passTypeId AND p.serialNumber = r.serialNumber
                WHERE r.deviceLibraryIdentifier = ? AND r.passTypeId = ? ORDER BY p.serialNumber
                """, [device, passTypeId])
        }
    }

    /// Brings passes' tags up to what they show now (`contentDigests` by serial, of `passTypeId`):
    /// a pass whose digest changed gets a new tag (`PassWebDecision.refreshed`). The passes as they are after.
    package func refreshWebPasses(passTypeId: String, contentDigests: [String: [UInt8]], at time: Double) throws -> [PassWebPass] {
        try write { store in
            var out: [PassWebPass] = []
            for (serial, digest) in contentDigests.sorted(by: { $0.key < $1.key }) {
                guard let pass = try store.webPass(passTypeId: passTypeId, serialNumber: serial) else { continue }
                if let changed = PassWebDecision.refreshed(pass, contentDigest: digest, highestTag: try store.highestWebPassTag(), now: time) {
                    try store.storeWebPass(changed)
                    out.append(changed)
                } else {
                    out.append(pass)
                }
            }
            return out
        }
    }

    /// Every registration, by device (tests, `wallet status` later).
    package func webRegistrations() throws -> [PassWebRegistration] {
        try read { store in
            try Row.fetchAll(store.db, sql: "SELECT * FROM pass_web_registration ORDER BY deviceLibraryIdentifier, passTypeId, serialNumber")
                .map(StoreTransaction.webRegistration)
        }
    }
}

extension StoreTransaction {
    func highestWebPassTag() throws -> Int? {
        try Int.fetchOne(db, sql: "SELECT MAX(tag) FROM pass_web_pass")
    }

    func storeWebPass(_ p: PassWebPass) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO pass_web_pass(passTypeId, serialNumber, tokenDigest, contentDigest, tag, issuedAt)
            VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [p.passTypeId, p.serialNumber, Data(p.tokenDigest), Data(p.contentDigest), p.tag, p.issuedAt])
    }

    func webPass(passTypeId: String, serialNumber: String) throws -> PassWebPass? {
        try webPasses(sql: "SELECT * FROM pass_web_pass WHERE passTypeId = ? AND serialNumber = ?", [passTypeId, serialNumber]).first
    }

    func webPasses(sql: String, _ arguments: StatementArguments) throws -> [PassWebPass] {
        try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
            PassWebPass(passTypeId: row["passTypeId"], serialNumber: row["serialNumber"], tokenDigest: [UInt8](row["tokenDigest"] as Data),
                        contentDigest: [UInt8](row["contentDigest"] as Data), tag: row["tag"], issuedAt: row["issuedAt"])
        }
    }

    func webRegistration(_ key: PassWebRegistrationKey) throws -> PassWebRegistration? {
        try Row.fetchOne(db, sql: """
            SELECT * FROM pass_web_registration WHERE deviceLibraryIdentifier = ? AND passTypeId = ? AND serialNumber = ?
            """, arguments: [key.device, key.passTypeId, key.serialNumber]).map(Self.webRegistration)
    }

    static func webRegistration(_ row: Row) -> PassWebRegistration {
        PassWebRegistration(key: PassWebRegistrationKey(device: row["deviceLibraryIdentifier"], passTypeId: row["passTypeId"],
                                                        serialNumber: row["serialNumber"]),
                            pushToken: row["pushToken"], registeredAt: row["registeredAt"])
    }
}
