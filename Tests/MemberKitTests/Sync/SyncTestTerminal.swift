import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit

/// One terminal for sync tests: its own in-memory database, terminal id and clock.
final class SyncTestTerminal: Sendable {
    let database: AppDatabase
    let club: Club
    let clock: FakeClock

    init(id: String, clock: FakeClock = FakeClock(), database: AppDatabase? = nil, settings: ClubSettings = ClubSettings()) throws {
        self.database = try database ?? AppDatabase.inMemory()
        self.clock = clock
        club = Club(database: self.database, terminal: TerminalIdentity(id: id, name: id), settings: settings, clock: clock)
    }

    func export(_ format: ExchangeFormat = .musrl, clubKit: Bool = false) throws -> [UInt8] {
        try MemberExporter(database: database).exportBytes(format: format, clubKit: clubKit)
    }

    @discardableResult
    func importBytes(_ bytes: [UInt8], _ format: ExchangeFormat = .musrl) throws -> MergeCounts {
        try MergeApplier(database: database, terminalId: club.terminal.id, clock: clock).apply(.bytes(bytes, format: format, name: "test.\(format.rawValue)")).counts
    }

    func plan(_ bytes: [UInt8], _ format: ExchangeFormat = .musrl) throws -> MergePlan {
        try MergePlanner(database: database, terminalId: club.terminal.id, clock: clock).plan(.bytes(bytes, format: format, name: "test.\(format.rawValue)"))
    }

    /// A copy of this terminal (same id and database contents), for comparing import orders.
    func copy() throws -> SyncTestTerminal {
        try SyncTestTerminal(id: club.terminal.id, clock: clock, database: database.inMemoryCopy(), settings: club.settings)
    }

    /// The synced state: members (fields with nulls dropped), counters and aliases, in a stable order.
    /// The visit audit trail and terminal settings are local and left out.
    /// `includingEvents` false leaves out entries and exits (a spreadsheet CSV does not carry them).
    func state(includingEvents: Bool = true) throws -> String {
        try database.read { store in
            let db = store.db
            var lines: [String] = []
            for member in try store.members(db.makeStatement(sql: "SELECT \(MemberColumns.list) FROM member ORDER BY memberId")) {
                var record = member
                // A dictionary prints in no fixed order: the fields are listed sorted, beside the record.
                let fields = record.fields.filter { $0.value != .null }.sorted { $0.key < $1.key }
                record.fields = [:]
                lines.append("member \(record) fields \(fields)")
            }
            for row in try Row.fetchAll(db, sql: "SELECT memberId, terminalId, count FROM visit_counter ORDER BY memberId, terminalId") {
                lines.append("counter \(row)")
            }
            for row in try Row.fetchAll(db, sql: "SELECT memberId, terminalId, added, used FROM pack_counter ORDER BY memberId, terminalId") {
                lines.append("pack \(row)")
            }
            for row in try Row.fetchAll(db, sql: "SELECT memberId, balance FROM pack_balance ORDER BY memberId") {
                lines.append("balance \(row)")
            }
            // A last visit still waiting for its member's record (a tally came first).
            for row in try Row.fetchAll(db, sql: "SELECT memberId, time FROM tally_last_visit ORDER BY memberId") {
                lines.append("waiting \(row)")
            }
            for row in try Row.fetchAll(db, sql: "SELECT memberId, survivorId FROM member_alias ORDER BY memberId") {
                lines.append("alias \(row)")
            }
            // Entries and exits travel too (not `seq`: that is where this desk recorded them).
            if includingEvents {
                for row in try Row.fetchAll(db, sql: """
                    SELECT eventId, memberId, kind, time, terminalId, source, exitKind FROM visit_event ORDER BY eventId
                    """) {
                    lines.append("event \(row)")
                }
                for row in try Row.fetchAll(db, sql: "SELECT memberId, eventId, inside FROM member_presence ORDER BY memberId") {
                    lines.append("presence \(row)")
                }
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Who is inside by the law (each member's latest event by time, then id, is an entry),
    /// worked out from the events alone, beside what the store's presence says.
    func insideByLaw() throws -> (law: Set<String>, store: Set<String>, count: Int) {
        try database.read { store in
            var latest: [String: (time: Double, id: String, entry: Bool)] = [:]
            for row in try Row.fetchAll(store.db, sql: "SELECT memberId, time, eventId, kind FROM visit_event") {
                let event = (time: row[1] as Double, id: row[2] as String, entry: (row[3] as String) == "entry")
                if let known = latest[row[0]], (known.time, known.id) >= (event.time, event.id) { continue }
                latest[row[0]] = event
            }
            let law = Set(latest.filter { $0.value.entry }.keys)
            let inside = Set(try String.fetchAll(store.db, sql: "SELECT memberId FROM member_presence WHERE inside = 1"))
            return (law, inside, try store.insideCount())
        }
    }

    func eventCount(_ kind: String) throws -> Int {
        try database.read { store in try Int.fetchOne(store.db, sql: "SELECT count(*) FROM visit_event WHERE kind = ?", arguments: [kind]) ?? 0 }
    }

    func liveMembers() throws -> [MemberRecord] {
        try database.members(limit: 10_000)
    }
}
