import Foundation
import GRDB
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// The number inside is kept as one row (`inside_count`) by triggers on `member_presence`: it must
/// equal counting the rows after anything that moves someone in or out, in any order.
@Suite struct InsideCountTests {
    private static func counted(_ database: AppDatabase) throws -> (kept: Int, rows: Int) {
        try database.read { store in
            (try store.insideCount(),
             try Int.fetchOne(store.db, sql: "SELECT count(*) FROM member_presence WHERE inside = 1") ?? -1)
        }
    }

    @Test func anUpgradedDatabaseStartsFromTheRowsItHas() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v15-tappages-visit-in-entry")
        try queue.write { db in
            for (i, inside) in [1, 1, 0, 1, 0].enumerated() {
                try db.execute(sql: "INSERT INTO member_presence(memberId, eventId, time, inside, terminalId) VALUES (?, ?, ?, ?, 't')",
                               arguments: ["m\(i)", "e\(i)", Double(i), inside])
            }
        }
        let database = try AppDatabase.wrapping(queue)
        #expect(try Self.counted(database) == (kept: 3, rows: 3))
    }

    /// Taps in and out, staff check-outs, closing time, everyone out, and another desk's events
    /// arriving late and out of order (older ones change nothing, newer ones move the member).
    @Test(arguments: [1, 2, 3]) func theKeptNumberIsTheRowsCountAfterEveryStep(seed: UInt64) throws {
        var random = DemoVisits.SeededRandom(seed: seed)
        let f = try OccupancyFixture(OccupancySettings(tap: .toggle, minStay: 60, closingMinute: 22 * 60))
        let passes = (0..<8).map { "P\($0)" }
        var memberIds: [String: String] = [:]
        for pass in passes { memberIds[pass] = try f.club.addMember(passId: pass).memberId }
        var minute = 6 * 60
        for step in 0..<300 {
            minute += Int.random(in: 0...9, using: &random)
            f.clock.set(OccupancyFixture.at(0, minute))
            let pass = passes.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6: _ = try f.club.checkIn(passId: pass, source: .nfc)
            case 6: _ = try f.club.checkOut(passId: pass)
            case 7: _ = try f.club.closeOverdueVisits()
            case 8 where step % 50 == 0: _ = try f.club.checkOutAll()
            default:
                // Another desk's entry or exit, up to two hours old: late and out of order.
                let event = VisitEvent(eventId: "other-\(step)", memberId: memberIds[pass]!,
                                       kind: Bool.random(using: &random) ? .entry : .exit,
                                       time: OccupancyFixture.at(0, minute).timeIntervalSince1970 - Double.random(in: 0...7200, using: &random),
                                       terminalId: "other", source: "nfc", exitKind: nil)
                try f.database.write { store in _ = try store.recordEvent(event) }
            }
            let counted = try Self.counted(f.database)
            #expect(counted.kept == counted.rows, "step \(step)")
        }
    }
}
