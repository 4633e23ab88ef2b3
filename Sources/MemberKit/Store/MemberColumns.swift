import GRDB
import GRDBSQLite

/// The member table's columns, and the one way a member row is read and written. Every statement
/// that reads members selects `list` first (any other columns after it) and reads the row through
/// the SQLite C API: an export reads a million rows, and GRDB's generic `Row` access cost more
/// than the rest of a member's export.
enum MemberColumns {
    static let names = [
        "memberId", "passId", "username", "timeStampAdded", "numVisits", "timeStampOfLastVisit", "fields",
        "status", "expiresAt", "note", "modifiedAt", "modifiedBy", "deletedAt", "passSince",
        "plan", "household", "birthday", "stamps", "details",
    ]
    /// The stored columns, then the household head's expiry (read with the member, never written).
    static let list = names.joined(separator: ", ") + ", " + householdExpiry(of: "member")
    /// Columns selected after `list` start here.
    static let count = names.count + 1

    /// `list` with each column prefixed by a table's name or alias, for joins.
    static func list(of table: String) -> String {
        names.map { "\(table).\($0)" }.joined(separator: ", ") + ", " + householdExpiry(of: table)
    }

    /// The expiry of the live head of `table`'s household member (NULL for anyone else): what
    /// `HouseholdRule.expiresAt` shares with it, in SQL, for listings and the status filter.
    static func householdExpiry(of table: String) -> String {
        "CASE WHEN \(table).plan = 'household' THEN (SELECT h.expiresAt FROM member h WHERE h.memberId = \(table).household"
            + " AND h.memberId <> \(table).memberId AND h.deletedAt IS NULL) END"
    }

    /// What an insert or a whole-row update writes, in `names` order: the columns, then the words
    /// the search index is kept from.
    static let written = names.joined(separator: ", ") + ", searchTokens"
    /// The name's sort key (`nameKey`), made by SQL from the name, the third argument (NameCollation).
    static let nameKey = "\(NameCollation.functionName)(?3)"

    static func arguments(_ r: MemberRecord) -> StatementArguments {
        [r.memberId, r.passId, r.username, r.timeStampAdded, r.numVisits, r.timeStampOfLastVisit, FieldsColumn.text(r.fields),
         r.status.rawValue, r.expiresAt, r.note, r.modifiedAt, r.modifiedBy, r.deletedAt, r.passSince,
         r.plan.rawValue, r.household, r.birthday?.description, FieldStampsJSON.columnText(r.stamps),
         MemberDetailsJSON.columnText(r), SearchTokens.json(of: r)]
    }

    /// The member on a stepped statement's current row. `terminals` shares the few terminal ids
    /// that a million rows repeat, `fieldNames` the names of their fields. Each column is read with as few calls as SQLite allows (an export
    /// reads a million rows, and each call takes the connection's mutex): a text's NULL is
    /// `sqlite3_column_text`'s nil, the NOT NULL numbers need no type check, and the status and
    /// plan are matched on their bytes, with no String in between.
    static func record(_ statement: SQLiteStatement, terminals: RepeatedStrings? = nil, fieldNames: RepeatedStrings? = nil) -> MemberRecord {
        func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
            guard let pointer = sqlite3_column_text(statement, column) else { return nil }
            return UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column)))
        }
        func text(_ column: Int32) -> String? {
            bytes(column).map { String(decoding: $0, as: UTF8.self) }
        }
        func double(_ column: Int32) -> Double? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
        }
        let fields = bytes(6).map { FieldsColumn.parse($0, names: fieldNames) } ?? [:]
        var record = MemberRecord(
            memberId: text(0) ?? "", passId: text(1) ?? "", username: text(2),
            timeStampAdded: sqlite3_column_double(statement, 3),
            numVisits: Int(sqlite3_column_int64(statement, 4)), timeStampOfLastVisit: sqlite3_column_double(statement, 5),
            fields: fields, status: bytes(7).flatMap(statuses.value) ?? .active,
            expiresAt: double(8), note: text(9), modifiedAt: sqlite3_column_double(statement, 10),
            modifiedBy: terminals?.string(statement, 11) ?? text(11) ?? "", deletedAt: double(12),
            passSince: double(13), plan: bytes(14).flatMap(plans.value) ?? .open, household: text(15),
            birthday: text(16).flatMap(Birthday.init(parsing:)), householdExpiresAt: double(19),
            stamps: bytes(17).flatMap(FieldStampsJSON.column))
        if let details = bytes(18) { MemberDetailsJSON.applyColumn(details, to: &record) }
        return record
    }

    static let statuses = ColumnCases<MemberStatus>()
    static let plans = ColumnCases<MemberPlan>()
}

/// An enum stored as its raw value, matched on a column's bytes in place.
struct ColumnCases<Value: RawRepresentable & CaseIterable & Sendable>: Sendable where Value.RawValue == String {
    private let cases = Value.allCases.map { (bytes: Array($0.rawValue.utf8), value: $0) }

    func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        cases.first { ByteOrder.compare($0.bytes, bytes) == 0 }?.value
    }
}

extension StoreTransaction {
    /// The rows of a statement that selects `MemberColumns.list` first: each member, with the row
    /// itself for the columns after them.
    func members<T>(_ statement: Statement, arguments: StatementArguments = [],
                    _ element: (MemberRecord, Row) throws -> T) throws -> [T] {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        var result: [T] = []
        while let row = try rows.next() {
            result.append(try element(MemberColumns.record(statement.sqliteStatement), row))
        }
        return result
    }

    func members(_ statement: Statement, arguments: StatementArguments = []) throws -> [MemberRecord] {
        try members(statement, arguments: arguments) { member, _ in member }
    }

    func member(_ statement: Statement, arguments: StatementArguments = []) throws -> MemberRecord? {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        return try withExtendedLifetime(rows) {  // the cursor resets the statement when it goes
            try rows.next() == nil ? nil : MemberColumns.record(statement.sqliteStatement)
        }
    }
}
