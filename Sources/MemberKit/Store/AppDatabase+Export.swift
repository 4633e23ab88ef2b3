import Foundation
import GRDB
import GRDBSQLite

/// Reading every member for an exchange file: one read transaction, the members and their
/// counters walked side by side in memberId order through the SQLite C API (a million rows).
extension AppDatabase {
    /// Calls `body` with the number of members and a cursor over them, in memberId order, each with
    /// its counters, its entries and exits and the member it is unified into: the one place a
    /// stored member becomes a file's member, for exports, changes files and snapshots alike.
    func readExchangeMembers<T>(_ selection: ExchangeSelection,
                                _ body: (_ total: Int, _ next: () throws -> ExchangeMember?) throws -> T) throws -> T {
        try read { store in
            let db = store.db
            let condition = selection.memberCondition
            let memberArguments = StatementArguments(condition.arguments)
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM member m WHERE \(condition.sql)", arguments: memberArguments) ?? 0
            let members = try db.makeStatement(sql: """
                SELECT \(MemberColumns.list(of: "m")), a.survivorId, a.ownDeletedAt
                FROM member m LEFT JOIN member_alias a ON a.memberId = m.memberId WHERE \(condition.sql)
                ORDER BY m.memberId
                """)
            try members.setArguments(memberArguments)
            let counters = try selection.counterCondition.map { condition in
                let statement = try db.makeStatement(sql: """
                    SELECT memberId, terminalId, count FROM visit_counter WHERE \(condition.sql) ORDER BY memberId
                    """)
                try statement.setArguments(StatementArguments(condition.arguments))
                return statement
            }
            // Pack counters travel with the visit counters, by the same condition.
            let packs = try selection.counterCondition.map { condition in
                let statement = try db.makeStatement(sql: """
                    SELECT memberId, terminalId, added, used FROM pack_counter WHERE \(condition.sql) ORDER BY memberId
                    """)
                try statement.setArguments(StatementArguments(condition.arguments))
                return statement
            }
            let events = try selection.eventCondition.map { condition in
                let statement = try db.makeStatement(sql: """
                    SELECT memberId, eventId, kind, time, terminalId, source, exitKind FROM visit_event
                    WHERE \(condition.sql) ORDER BY memberId, time, eventId
                    """)
                try statement.setArguments(StatementArguments(condition.arguments))
                return statement
            }
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
            let packRows = packs?.sqliteStatement
            var pendingPack = try step(packRows)
            let eventRows = events?.sqliteStatement
            var pendingEvent = try step(eventRows)
            let aliasColumn = Int32(MemberColumns.count)
            func next() throws -> ExchangeMember? {
                guard try step(rows) else { return nil }
                var record = MemberColumns.record(rows, terminals: terminals)
                let unifiedInto: String? = sqlite3_column_type(rows, aliasColumn) == SQLITE_NULL ? nil : text(rows, aliasColumn)
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
                var memberPacks: [String: PackCounter] = [:]
                try memberId.withUTF8 { member in
                    while pendingPack, let packRows {
                        let owner = UnsafeBufferPointer(start: sqlite3_column_text(packRows, 0),
                                                        count: Int(sqlite3_column_bytes(packRows, 0)))
                        let order = ByteOrder.compare(owner, member)
                        guard order <= 0 else { break }
                        if order == 0, let terminal = terminals.string(packRows, 1) {
                            memberPacks[terminal] = PackCounter(added: Int(sqlite3_column_int64(packRows, 2)),
                                                                used: Int(sqlite3_column_int64(packRows, 3)))
                        }
                        pendingPack = try step(packRows)
                    }
                }
                var memberEvents: [VisitEvent] = []
                try memberId.withUTF8 { member in
                    while pendingEvent, let eventRows {
                        let owner = UnsafeBufferPointer(start: sqlite3_column_text(eventRows, 0),
                                                        count: Int(sqlite3_column_bytes(eventRows, 0)))
                        let order = ByteOrder.compare(owner, member)
                        guard order <= 0 else { break }
                        if order == 0, let kind = VisitEvent.Kind(rawValue: text(eventRows, 2)) {
                            let exitKind = sqlite3_column_type(eventRows, 6) == SQLITE_NULL ? nil : text(eventRows, 6)
                            memberEvents.append(VisitEvent(eventId: text(eventRows, 1), memberId: record.memberId, kind: kind,
                                                           time: sqlite3_column_double(eventRows, 3),
                                                           terminalId: terminals.string(eventRows, 4) ?? text(eventRows, 4),
                                                           source: text(eventRows, 5),
                                                           exitKind: exitKind.flatMap(VisitSpan.ExitKind.init(rawValue:))))
                        }
                        pendingEvent = try step(eventRows)
                    }
                }
                return ExchangeMember(stored: record, counters: memberCounters, unifiedInto: unifiedInto, events: memberEvents,
                                      packCounters: memberPacks)
            }
            return try body(total, next)
        }
    }
}

extension ExchangeMember {
    /// A stored member as a file carries it. A unified member's entry carries its own deletion
    /// time (`member_alias.ownDeletedAt`, nil if it was never deleted), already in `record`; the
    /// stored `numVisits` (the class sum for a survivor) is kept for ClubKit, whatever counters travel.
    init(stored record: MemberRecord, counters: [String: Int], unifiedInto: String?, events: [VisitEvent] = [],
         packCounters: [String: PackCounter] = [:]) {
        self.init(record: record, counters: counters, unifiedInto: unifiedInto, events: events, packCounters: packCounters)
        self.record.numVisits = record.numVisits
    }
}
