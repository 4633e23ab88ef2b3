import Foundation
import GRDB

/// Operators (table `staff`): found by name (any case) or by card; removed ones kept as tombstones.
extension AppDatabase {
    /// Live operators by name, or every version the store holds with `includingRemoved`.
    public func staff(includingRemoved: Bool = false) throws -> [StaffAccount] {
        try read { store in try store.staffAccounts(includingRemoved: includingRemoved) }
    }

    /// A live operator by name (any case).
    public func staffAccount(named name: String) throws -> StaffAccount? {
        try read { store in try store.staffAccount(named: name).flatMap { $0.isRemoved ? nil : $0 } }
    }

    /// The live operator holding `card`.
    package func staffAccount(card: String) throws -> StaffAccount? {
        try read { store in try store.liveStaffAccount(card: card) }
    }
}

extension StoreTransaction {
    func staffAccounts(includingRemoved: Bool) throws -> [StaffAccount] {
        let filter = includingRemoved ? "" : "WHERE removedAt IS NULL"
        return try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM staff \(filter) ORDER BY name COLLATE NOCASE")).map(Self.staffAccount)
    }

    /// The operator named `name`, removed or not.
    func staffAccount(named name: String) throws -> StaffAccount? {
        try Row.fetchOne(db, sql: "SELECT * FROM staff WHERE name = ?", arguments: [name]).map(Self.staffAccount)
    }

    func liveStaffAccount(card: String) throws -> StaffAccount? {
        // Cached: every tap asks whether its pass is a staff card.
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT * FROM staff WHERE card = ? AND removedAt IS NULL ORDER BY modifiedAt DESC, modifiedBy DESC LIMIT 1
            """), arguments: [card])
            .map(Self.staffAccount)
    }

    /// Inserts or replaces the operator named `account.name`.
    func saveStaff(_ account: StaffAccount) throws {
        try db.execute(sql: "DELETE FROM staff WHERE name = ?", arguments: [account.name])
        try db.execute(sql: """
            INSERT INTO staff(name, role, card, pinHash, addedAt, lastSignInAt, modifiedAt, modifiedBy, removedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [account.name, account.role.rawValue, account.card, account.pinHash, account.addedAt,
                             account.lastSignInAt, account.modifiedAt, account.modifiedBy, account.removedAt])
    }

    /// Remembers a sign-in's time; local only, so it changes no version.
    func setLastSignIn(name: String, at time: Double) throws {
        try db.execute(sql: "UPDATE staff SET lastSignInAt = ? WHERE name = ?", arguments: [time, name])
    }

    private static func staffAccount(_ row: Row) -> StaffAccount {
        StaffAccount(name: row["name"], role: StaffRole(rawValue: row["role"]) ?? .desk, card: row["card"],
                     pinHash: row["pinHash"], addedAt: row["addedAt"], lastSignInAt: row["lastSignInAt"],
                     modifiedAt: row["modifiedAt"], modifiedBy: row["modifiedBy"], removedAt: row["removedAt"])
    }
}
