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
            let arguments = selection.arguments
            // Cached: a desk writes a changes file after each tap, with the same statements.
            func statement(_ sql: String) throws -> Statement {
                let statement = try db.cachedStatement(sql: sql)
                try statement.setArguments(arguments)
                return statement
            }
            let condition = selection.memberCondition
            let total = try Int.fetchOne(statement("SELECT COUNT(*) FROM member m WHERE \(condition)")) ?? 0
            let members = try statement("""
                SELECT \(MemberColumns.list(of: "m")), \(selection.recordCondition ?? "1")
                FROM member m WHERE \(condition) ORDER BY m.memberId
                """)
            // The few unified members walked beside the members, like the counters: a LEFT JOIN
            // looked each of a million members up in it, a sixth of SQLite's work in an export.
            let aliases = try statement("""
                SELECT a.memberId, a.survivorId, a.ownDeletedAt FROM member_alias a JOIN member m ON m.memberId = a.memberId
                WHERE \(condition) ORDER BY a.memberId
                """)
            let counters = try selection.counterCondition.map { condition in
                try statement("SELECT memberId, terminalId, count FROM visit_counter WHERE \(condition) ORDER BY memberId")
            }
            // Pack counters travel with the visit counters, by the same condition.
            let packs = try selection.counterCondition.map { condition in
                try statement("SELECT memberId, terminalId, added, used FROM pack_counter WHERE \(condition) ORDER BY memberId")
            }
            let events = try selection.eventCondition.map { condition in
                try statement("""
                    SELECT memberId, eventId, kind, time, terminalId, source, exitKind, \(ExchangeSelection.derivedHere), guests FROM visit_event
                    WHERE \(condition) ORDER BY memberId, time, eventId
                    """)
            }
            // A cached statement stepped by hand and left on a row would keep this read open:
            // whatever the body does, each is reset when the read ends.
            defer { for open in [members, aliases, counters, packs, events] { if let open { sqlite3_reset(open.sqliteStatement) } } }
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
            // Each extra statement walks memberIds in the members' (binary) order: advance it to this
            // member, comparing the UTF-8 bytes in place (SQLite orders by bytes), and hand over its rows.
            func advance(_ statement: OpaquePointer?, _ pending: inout Bool, to member: UnsafeBufferPointer<UInt8>,
                         _ take: (OpaquePointer) -> Void) throws {
                while pending, let statement {
                    let owner = UnsafeBufferPointer(start: sqlite3_column_text(statement, 0),
                                                    count: Int(sqlite3_column_bytes(statement, 0)))
                    let order = ByteOrder.compare(owner, member)
                    guard order <= 0 else { return }
                    if order == 0 { take(statement) }
                    pending = try step(statement)
                }
            }
            let aliasRows = aliases.sqliteStatement
            var pendingAlias = try step(aliasRows)
            let counterRows = counters?.sqliteStatement
            let terminals = RepeatedStrings(), fieldNames = RepeatedStrings()
            // Whether the counter cursor stands on a row.
            var pending = try step(counterRows)
            let packRows = packs?.sqliteStatement
            var pendingPack = try step(packRows)
            let eventRows = events?.sqliteStatement
            var pendingEvent = try step(eventRows)
            let recordColumn = Int32(MemberColumns.count)
            let tallyAuthors = selection.tallyAuthors
            func next() throws -> ExchangeMember? {
                guard try step(rows) else { return nil }
                var record = MemberColumns.record(rows, terminals: terminals, fieldNames: fieldNames)
                // The closures below fill these, not `record`: a record they captured was copied whole.
                var unifiedInto: String?
                var ownDeletedAt: Double?
                var memberCounters: [String: Int] = [:]
                var memberPacks: [String: PackCounter] = [:]
                var memberEvents: [VisitEvent] = []
                var derivedHere: Set<String> = []
                let memberId = record.memberId
                var memberIdBytes = memberId
                try memberIdBytes.withUTF8 { member in
                    try advance(aliasRows, &pendingAlias, to: member) { row in
                        unifiedInto = text(row, 1)
                        ownDeletedAt = sqlite3_column_type(row, 2) == SQLITE_NULL ? nil : sqlite3_column_double(row, 2)
                    }
                    try advance(counterRows, &pending, to: member) { row in
                        if let terminal = terminals.string(row, 1) { memberCounters[terminal] = Int(sqlite3_column_int64(row, 2)) }
                    }
                    try advance(packRows, &pendingPack, to: member) { row in
                        if let terminal = terminals.string(row, 1) {
                            memberPacks[terminal] = PackCounter(added: Int(sqlite3_column_int64(row, 2)),
                                                                used: Int(sqlite3_column_int64(row, 3)))
                        }
                    }
                    try advance(eventRows, &pendingEvent, to: member) { row in
                        guard let kind = VisitEvent.Kind(rawValue: text(row, 2)) else { return }
                        let exitKind = sqlite3_column_type(row, 6) == SQLITE_NULL ? nil : text(row, 6)
                        if sqlite3_column_int(row, 7) != 0 { derivedHere.insert(text(row, 1)) }
                        memberEvents.append(VisitEvent(eventId: text(row, 1), memberId: memberId, kind: kind,
                                                       time: sqlite3_column_double(row, 3),
                                                       terminalId: terminals.string(row, 4) ?? text(row, 4),
                                                       source: text(row, 5),
                                                       exitKind: exitKind.flatMap(VisitSpan.ExitKind.init(rawValue:)),
                                                       guests: Int(sqlite3_column_int64(row, 8))))
                    }
                }
                // A unified member's entry carries its own deletion time (nil if it was never deleted).
                if unifiedInto != nil { record.deletedAt = ownDeletedAt }
                if sqlite3_column_int(rows, recordColumn) == 0, let authors = tallyAuthors {
                    // Another desk authors it: only what this desk counted goes (a changes file read them all),
                    // and the automatic exits it derived, whichever desk's visit they close (`ExchangeSelection.derivedHere`).
                    return .tally(memberId: memberId, lastVisit: record.timeStampOfLastVisit,
                                  counters: memberCounters.filter { authors.countedHere($0.key) },
                                  packCounters: memberPacks.filter { authors.countedHere($0.key) },
                                  events: memberEvents.filter { authors.countedHere($0.terminalId) || derivedHere.contains($0.eventId) })
                }
                // The stored numVisits (the class sum for a survivor) is kept for ClubKit, whatever counters travel.
                // Built in the return value, from the record consumed: a copy here was a tenth of a row's cost.
                return ExchangeMember(record: consume record, counters: memberCounters, unifiedInto: unifiedInto,
                                      events: memberEvents, packCounters: memberPacks, keepingNumVisits: true)
            }
            return try body(total, next)
        }
    }
}
