import GRDB
import GRDBSQLite

/// The statements every tap runs for its audit entry, stepped on SQLite's own calls: GRDB's
/// `fetchOne` and argument array cost more than the SQL (18,000 of a 37,000-instruction append,
/// callgrind), on the one write that every tap makes whether the desk is watched or not.
struct AuditAppendStatements {
    let db: Database

    /// The record's newest row number (nil: the record is empty).
    func newestRow() throws -> Int64? {
        let statement = try db.cachedStatement(sql: "SELECT max(id) FROM audit").sqliteStatement
        defer { sqlite3_reset(statement) }
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw failure(code) }
        return sqlite3_column_type(statement, 0) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 0)
    }

    /// The newest row of `entry`'s millisecond, and whether the millisecond holds `entry`: a burst
    /// of taps (closing time's check-outs, a busy door) lands many in one.
    func millisecond(of entry: AuditEntry, first: Int64, last: Int64) throws -> (newest: Int64?, holdsEntry: Bool) {
        let statement = try db.cachedStatement(sql: """
            SELECT max(id), max(time = ? AND entryId = ?) FROM audit WHERE id BETWEEN ? AND ?
            """).sqliteStatement
        defer { sqlite3_reset(statement); sqlite3_clear_bindings(statement) }
        sqlite3_bind_double(statement, 1, entry.time)
        bind(entry.entryId, 2, statement)
        sqlite3_bind_int64(statement, 3, first)
        sqlite3_bind_int64(statement, 4, last)
        let code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw failure(code) }
        let newest = sqlite3_column_type(statement, 0) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 0)
        return (newest, sqlite3_column_int64(statement, 1) != 0)
    }

    /// A millisecond's rows for a batch (`appendAudit(batch:)`): its next free row and what it holds.
    func rows(first: Int64, last: Int64) throws -> AuditMillisecond {
        var millisecond = AuditMillisecond(next: first)
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, time, entryId FROM audit WHERE id BETWEEN ? AND ?"),
                                       arguments: [first, last])
        while let row = try rows.next() {
            let id: Int64 = row[0]
            millisecond.next = max(millisecond.next, id + 1)
            millisecond.held.insert(AuditMillisecond.key(time: row[1], entryId: row[2]))
        }
        return millisecond
    }

    /// Inserts `entry` at row `id`, its detail already encoded.
    func insert(_ entry: AuditEntry, id: Int64, detail: String) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO audit(id, entryId, time, deskId, desk, operator, method, action, memberId, detail)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).sqliteStatement
        defer { sqlite3_reset(statement); sqlite3_clear_bindings(statement) }
        sqlite3_bind_int64(statement, 1, id)
        bind(entry.entryId, 2, statement)
        sqlite3_bind_double(statement, 3, entry.time)
        bind(entry.deskId, 4, statement)
        bind(entry.desk, 5, statement)
        bind(entry.operator, 6, statement)
        bind(entry.method.rawValue, 7, statement)
        bind(entry.action.rawValue, 8, statement)
        bind(entry.memberId, 9, statement)
        bind(detail, 10, statement)
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw failure(code) }
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func bind(_ text: String?, _ index: Int32, _ statement: OpaquePointer) {
        guard let text else { sqlite3_bind_null(statement, index); return }
        sqlite3_bind_text(statement, index, text, -1, Self.transient)
    }

    private func failure(_ code: Int32) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
}
