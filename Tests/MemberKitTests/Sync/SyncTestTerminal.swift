import Foundation
import GRDB
import MemberDeskTestSupport
@testable import MemberKit

/// One terminal for sync tests: its own in-memory database, terminal id and clock.
final class SyncTestTerminal: Sendable {
    let database: AppDatabase
    let club: Club
    let clock: FakeClock

    init(id: String, clock: FakeClock = FakeClock(), database: AppDatabase? = nil) throws {
        self.database = try database ?? AppDatabase.inMemory()
        self.clock = clock
        club = Club(database: self.database, terminal: TerminalIdentity(id: id, name: id), clock: clock)
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
        try SyncTestTerminal(id: club.terminal.id, clock: clock, database: database.inMemoryCopy())
    }

    /// The synced state: members (fields with nulls dropped), counters and aliases, in a stable order.
    /// The visit audit trail and terminal settings are local and left out.
    func state() throws -> String {
        try database.read { store in
            let db = store.db
            var lines: [String] = []
            for member in try store.members(db.makeStatement(sql: "SELECT \(MemberColumns.list) FROM member ORDER BY memberId")) {
                var record = member
                record.fields = record.fields.filter { $0.value != .null }
                lines.append("member \(record)")
            }
            for row in try Row.fetchAll(db, sql: "SELECT memberId, terminalId, count FROM visit_counter ORDER BY memberId, terminalId") {
                lines.append("counter \(row)")
            }
            for row in try Row.fetchAll(db, sql: "SELECT memberId, survivorId FROM member_alias ORDER BY memberId") {
                lines.append("alias \(row)")
            }
            return lines.joined(separator: "\n")
        }
    }

    func liveMembers() throws -> [MemberRecord] {
        try database.members(limit: 10_000)
    }
}
