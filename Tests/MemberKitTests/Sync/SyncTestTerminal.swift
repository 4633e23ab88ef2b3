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
                    SELECT eventId, memberId, kind, time, terminalId, source, exitKind, guests FROM visit_event ORDER BY eventId
                    """) {
                    lines.append("event \(row)")
                }
                for row in try Row.fetchAll(db, sql: "SELECT memberId, eventId, inside, guests FROM member_presence ORDER BY memberId") {
                    lines.append("presence \(row)")
                }
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Who is inside by the law (each member's latest event by time, then id, is an entry),
    /// worked out from the events alone, beside what the store's presence says.
    func insideByLaw() throws -> (law: Set<String>, store: Set<String>, count: Int, lawCount: Int) {
        try database.read { store in
            // Each member's latest entry or exit; guests leaving move no one in or out.
            var latest: [String: (time: Double, id: String, entry: Bool, guests: Int)] = [:]
            var guestsLeft: [(memberId: String, time: Double, guests: Int)] = []
            for row in try Row.fetchAll(store.db, sql: "SELECT memberId, time, eventId, kind, guests FROM visit_event") {
                let kind = row[3] as String
                if kind == "guestsLeft" {
                    guestsLeft.append((row[0], row[1], row[4]))
                    continue
                }
                let event = (time: row[1] as Double, id: row[2] as String, entry: kind == "entry", guests: row[4] as Int)
                if let known = latest[row[0]], (known.time, known.id) >= (event.time, event.id) { continue }
                latest[row[0]] = event
            }
            let inside = latest.filter { $0.value.entry }
            let law = Set(inside.keys)
            // A host and its entry's guests, less those who left after that entry: never below none.
            let lawCount = inside.reduce(0) { sum, host in
                let left = guestsLeft.filter { $0.memberId == host.key && $0.time > host.value.time }.reduce(0) { $0 + $1.guests }
                return sum + 1 + max(0, host.value.guests - left)
            }
            let present = Set(try String.fetchAll(store.db, sql: "SELECT memberId FROM member_presence WHERE inside = 1"))
            return (law, present, try store.insideCount(), lawCount)
        }
    }

    func eventCount(_ kind: String) throws -> Int {
        try database.read { store in try Int.fetchOne(store.db, sql: "SELECT count(*) FROM visit_event WHERE kind = ?", arguments: [kind]) ?? 0 }
    }

    func liveMembers() throws -> [MemberRecord] {
        try database.members(limit: 10_000)
    }
}
