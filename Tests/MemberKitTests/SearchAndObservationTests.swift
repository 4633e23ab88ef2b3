import Foundation
import GRDB
import MemberDeskTestSupport
import MemberKit
import Synchronization
import Testing

@Suite struct SearchAndObservationTests {
    @Test func searchIsCaseInsensitiveOverNamePassAndEmail() throws {
        let f = try ClubFixture()
        try f.club.addMember(passId: "04A23B1C", username: "Annika Berg", fields: ["userEmailAddress": .string("ab@Club.org")])
        try f.club.addMember(passId: "CARD-77", username: "山田 太郎")
        try f.club.addMember(passId: "X1", username: "Bob")
        func names(_ text: String) throws -> [String] {
            try f.database.members(matching: text).map(\.displayName).sorted()
        }
        #expect(try names("annika") == ["Annika Berg"])
        #expect(try names("BERG") == ["Annika Berg"])
        #expect(try names("club.ORG") == ["Annika Berg"])
        #expect(try names("3b1c") == ["Annika Berg"])
        #expect(try names("山田") == ["山田 太郎"])
        #expect(try names("ca") == ["山田 太郎"])   // short text: prefix of the pass
        #expect(try names("b") == ["Bob"])         // short text: prefix of the name
        #expect(try names("zzz").isEmpty)
        #expect(try names("50%_\"").isEmpty)       // wildcards and quotes are literal
        #expect(try f.database.members().count == 3)
    }

    @Test func deletedMembersLeaveTheSearch() throws {
        let f = try ClubFixture()
        let m = try f.club.addMember(passId: "P1", username: "Gone Person")
        try f.club.deleteMember(id: m.memberId)
        #expect(try f.database.members(matching: "gone").isEmpty)
    }

    @Test func searchUsesTheIndexes() throws {
        let f = try ClubFixture()
        let plan = try f.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT * FROM member WHERE deletedAt IS NULL AND id IN (SELECT rowid FROM member_search WHERE member_search MATCH ?) ORDER BY username COLLATE NOCASE, id LIMIT 10", arguments: ["\"abc\""])
                .map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("VIRTUAL TABLE") })
        #expect(!plan.contains { $0.contains("SCAN member") && !$0.contains("INDEX") })
    }

    @Test func sortOrders() throws {
        let f = try ClubFixture(debounce: 0)
        try f.club.addMember(passId: "A", username: "Cleo")
        try f.club.addMember(passId: "B", username: "abe")
        try f.club.addMember(passId: "C", username: "Bart")
        try f.club.checkIn(passId: "C", source: .manual)
        f.clock.advance(by: 10)
        try f.club.checkIn(passId: "C", source: .manual)
        f.clock.advance(by: 10)
        try f.club.checkIn(passId: "A", source: .manual)
        #expect(try f.database.members(sort: .name).map(\.passId) == ["B", "C", "A"])
        #expect(try f.database.members(sort: .visits).map(\.passId).prefix(2) == ["C", "A"])
        #expect(try f.database.members(sort: .lastVisit).first?.passId == "A")
    }

    @Test func observationDeliversInitialValueThenChanges() async throws {
        let f = try ClubFixture()
        let existing = try f.club.addMember(passId: "P1", username: "Ann")
        let collection = MemberCollection(database: f.database, search: nil, sort: .name, limit: 50)
        let changes = Mutex<[MemberCollectionChange]>([])
        let cancellable = collection.observe { change in changes.withLock { $0.append(change) } }
        defer { cancellable.cancel() }
        #expect(waitUntil { changes.withLock { $0.count } >= 1 })
        let initial = changes.withLock { $0[0] }
        #expect(initial.isInitial && initial.insertions == [existing.memberId] && initial.totalCount == 1)

        let added = try f.club.addMember(passId: "P2", username: "Bob")
        #expect(waitUntil { changes.withLock { $0.contains { $0.insertions == [added.memberId] && !$0.isInitial } } })
        try f.club.updateMember(id: existing.memberId, MemberChanges(username: .some("Anna")))
        #expect(waitUntil { changes.withLock { $0.contains { $0.modifications == [existing.memberId] } } })
        try f.club.deleteMember(id: added.memberId)
        #expect(waitUntil { changes.withLock { $0.contains { $0.deletions == [added.memberId] } } })
        #expect(changes.withLock { $0.last?.totalCount } == 1)
    }
}
