import Foundation
import GRDB
import GRDBSQLite

/// Reading every member for an exchange file: one read transaction, the members and their
/// counters walked side by side in memberId order through the SQLite C API (a million rows).
extension AppDatabase {
    /// Calls `body` with the number of members and a cursor over them, in memberId order, each with
    /// its counters (unless `counters` is false: a ClubKit file) and the member it is unified into.
    /// `liveOnly` (a ClubKit file, a spreadsheet): no tombstones, no unified members.
    func readExchangeMembers<T>(liveOnly: Bool, counters withCounters: Bool,
                                _ body: (_ total: Int, _ next: () throws -> ExchangeMember?) throws -> T) throws -> T {
        try read { store in
            let db = store.db
            let live = liveOnly ? "WHERE m.deletedAt IS NULL" : ""
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM member m \(live)") ?? 0
            let members = try db.makeStatement(sql: """
                SELECT \(MemberColumns.list(of: "m")), a.survivorId, a.ownDeletedAt
                FROM member m LEFT JOIN member_alias a ON a.memberId = m.memberId \(live)
                ORDER BY m.memberId
                """)
            let counters = !withCounters ? nil : try db.makeStatement(sql: """
                SELECT memberId, terminalId, count FROM visit_counter ORDER BY memberId
                """)
            let rows = members.sqliteStatement
            func step(_ statement: OpaquePointer?) throws -> Bool {
                guard let statement else { return false }
                switch sqlite3_step(statement) {
                case SQLITE_ROW: return true
                case SQLITE_DONE: return false
                default: throw DeskError.database(String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
            }
            func text(_ statement: OpaquePointer, _ column: Int32) -> String {
                guard let bytes = sqlite3_column_text(statement, column) else { return "" }
                return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
            }
            let counterRows = counters?.sqliteStatement
            let terminals = RepeatedStrings()
            // Whether the counter cursor stands on a row.
            var pending = try step(counterRows)
            let aliasColumn = Int32(MemberColumns.count)
            func next() throws -> ExchangeMember? {
                guard try step(rows) else { return nil }
                var record = MemberColumns.record(rows, terminals: terminals)
                let unifiedInto: String? = sqlite3_column_type(rows, aliasColumn) == SQLITE_NULL ? nil : text(rows, aliasColumn)
                // A unified member's file entry carries its real deletion time (nil if it was never deleted).
                if unifiedInto != nil {
                    record.deletedAt = sqlite3_column_type(rows, aliasColumn + 1) == SQLITE_NULL
                        ? nil : sqlite3_column_double(rows, aliasColumn + 1)
                }
                var memberCounters: [String: Int] = [:]
                // Both statements walk memberIds in the same (binary) order: advance the counters to
                // this member, comparing the UTF-8 bytes in place (SQLite orders by bytes).
                var memberId = record.memberId
                try memberId.withUTF8 { member in
                    while pending, let counterRows {
                        let counter = UnsafeBufferPointer(start: sqlite3_column_text(counterRows, 0),
                                                          count: Int(sqlite3_column_bytes(counterRows, 0)))
                        let order = ByteOrder.compare(counter, member)
                        let same = order == 0
                        guard order <= 0 else { break }
                        if same, let terminal = terminals.string(counterRows, 1) {
                            memberCounters[terminal] = Int(sqlite3_column_int64(counterRows, 2))
                        }
                        pending = try step(counterRows)
                    }
                }
                var member = ExchangeMember(record: record, counters: memberCounters, unifiedInto: unifiedInto)
                member.record.numVisits = record.numVisits  // the stored total (the class sum for a survivor)
                return member
            }
            return try body(total, next)
        }
    }
}
