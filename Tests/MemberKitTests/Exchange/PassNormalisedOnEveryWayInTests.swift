import Foundation
import GRDB
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Issue 45 item 2: a pass that comes in by any way (an import of any format, another desk's sync
/// file, a database from before) is stored as a tap reads it, so the reader finds its member
/// instead of enrolling a nameless second one.
@Suite struct PassNormalisedOnEveryWayInTests {
    /// The tap of `04A23C99` after `file` brought in the pass `04:a2:3c:99`: Ann, found, no one enrolled.
    private func tapFinds(_ file: String, format: ExchangeFormat) throws {
        let f = try ClubFixture()
        try MergeApplier(database: f.database, clock: f.clock).apply(.bytes(Array(file.utf8), format: format, name: "list.\(format.rawValue)"))
        let stored = try #require(try f.database.member(id: "M1"))
        #expect(stored.passId == "04A23C99", "stored as a tap reads it")
        let outcome = try f.club.checkIn(passId: "04A23C99", source: .nfc).outcome
        guard case .checkedIn(let member, _) = outcome else { Issue.record("\(format): got \(outcome)"); return }
        #expect(member.memberId == "M1" && member.username == "Ann")
        #expect(try f.database.memberCount() == 1, "no second member enrolled")
    }

    @Test func aSpreadsheetsPassWithColonsIsFoundAtTheReader() throws {
        try tapFinds("""
            Member ID,Pass ID,Name,Added,Visits,Last visit
            M1,04:a2:3c:99,Ann,2026-01-05T10:00:00Z,0,
            """, format: .csv)
    }

    @Test func everyOtherFormatsPassIsNormalisedToo() throws {
        try tapFinds(#"[{"memberId":"M1","passId":"04-a2-3c-99","username":"Ann","timeStampAdded":1,"numVisits":0,"timeStampOfLastVisit":0}]"#,
                     format: .musrl)
        try tapFinds("memberId,passId,username,timeStampAdded,numVisits,timeStampOfLastVisit\nM1,04 a2 3c 99,Ann,1,0,0", format: .mucsv)
    }

    /// An older desk's sync file carries its members' passes as it stored them: this desk keeps the
    /// desk's stamp (the member is the same version everywhere) and the pass a tap reads.
    @Test func anOlderDesksStampedMemberKeepsItsStampAndTakesTheTapsPass() throws {
        let f = try ClubFixture()
        let file = #"[{"memberId":"M1","passId":"04:a2:3c:99","username":"Ann","timeStampAdded":1,"numVisits":0,"timeStampOfLastVisit":0,"memberdesk":{"modifiedAt":50,"modifiedBy":"OLD-DESK"}}]"#
        try MergeApplier(database: f.database, clock: f.clock).apply(.bytes(Array(file.utf8), format: .musrl, name: "old.musrl"))
        let stored = try #require(try f.database.member(id: "M1"))
        #expect(stored.passId == "04A23C99" && stored.modifiedAt == 50 && stored.modifiedBy == "OLD-DESK")
        // The same file again changes nothing.
        let again = try MergeApplier(database: f.database, clock: f.clock).apply(.bytes(Array(file.utf8), format: .musrl, name: "old.musrl"))
        #expect(again.counts.unchanged == 1 && again.counts.updated == 0)
    }

    /// A database from before: its un-normalised passes are normalised by v19, and two members
    /// that then hold one card are unified by the merge's rule (the longest holder survives and
    /// counts both members' visits).
    @Test func anUpgradeNormalisesStoredPassesAndUnifiesWhatThenCollides() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v18-audit-rows-in-time")
        try queue.write { db in
            // v18's columns, by SQL: today's store writes columns (stamps, nameKey) that v18 lacks.
            try db.execute(sql: """
                INSERT INTO member(memberId, passId, username, timeStampAdded, numVisits, fields, modifiedAt, modifiedBy)
                VALUES ('M1', '04:a2:3c:99', 'Ann', 100, 2, '{}', 100, 'DA'),
                       ('M2', '04A23C99', NULL, 200, 1, '{}', 200, 'DA'),
                       ('M3', 'Gold-7', 'Bo', 100, 0, '{}', 100, 'DA');
                """)
            let store = StoreTransaction(db: db)
            try store.raiseVisitCounter(memberId: "M1", terminalId: "DA", to: 2)
            try store.raiseVisitCounter(memberId: "M2", terminalId: "DA", to: 1)
        }
        try AppDatabase.migrator.migrate(queue)
        let database = try AppDatabase.wrapping(queue)
        let ann = try #require(try database.member(id: "M1"))
        #expect(ann.passId == "04A23C99" && ann.deletedAt == nil && ann.numVisits == 3)
        #expect(try database.member(id: "M2")?.deletedAt != nil, "the nameless second member is unified into Ann")
        #expect(try database.member(id: "M3")?.passId == "Gold-7", "a pass id that is no card UID stays as it is")
        #expect(try database.memberCount() == 2)
    }
}

/// `PassIdNormalizer.stored`'s quick answer for a pass already as a tap reads it is the rule's own.
@Suite struct StoredPassRuleTests {
    @Test func theQuickAnswerIsTheNormalisersAnswer() throws {
        let passes = ["04A23C99", "04a23c99", "04:a2:3c:99", "04-A2-3C-99", " 04A23C99 ", "Gold-7", "GOLD7", "gold7", "0012", "12",
                      "1|P-9|x|Ann", "a|b", "ÄBC", "AB\u{7}", String(repeating: "Z", count: 257), "", "ABCDEF0123", "abcdef0123", "X:Y"]
        for pass in passes {
            let expected: String
            do { expected = try PassIdNormalizer.normalize(pass).passId } catch { expected = pass }
            #expect(PassIdNormalizer.stored(pass) == expected, "\(pass)")
        }
    }
}
