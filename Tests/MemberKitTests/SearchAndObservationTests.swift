import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Synchronization
import Testing

@Suite struct SearchAndObservationTests {
    @Test func searchMatchesWordPrefixesOfNamePassAndEmailIgnoringCaseAndAccents() throws {
        let f = try ClubFixture()
        try f.club.addMember(passId: "04A23B1C", username: "Annika Berg", fields: ["userEmailAddress": .string("ab@Club.org")])
        try f.club.addMember(passId: "CARD-77", username: "山田 太郎")
        try f.club.addMember(passId: "X1", username: "Bob")
        try f.club.addMember(passId: "X2", username: "Zoë Ünal")
        func names(_ text: String) throws -> [String] {
            try f.database.members(matching: text).map(\.displayName).sorted()
        }
        #expect(try names("annika") == ["Annika Berg"])
        #expect(try names("BERG") == ["Annika Berg"])           // any word of the name
        #expect(try names("ann be") == ["Annika Berg"])         // every word typed must start a word
        #expect(try names("ann bo").isEmpty)
        #expect(try names("club.ORG") == ["Annika Berg"])       // the email's words
        #expect(try names("04a2") == ["Annika Berg"])           // a pass prefix
        #expect(try names("77") == ["山田 太郎"])                 // a word of the pass
        #expect(try names("山田") == ["山田 太郎"])
        #expect(try names("ca") == ["山田 太郎"])
        #expect(try names("b") == ["Annika Berg", "Bob"])
        #expect(try names("zoe unal") == ["Zoë Ünal"])         // accents folded both ways
        #expect(try names("ZOË") == ["Zoë Ünal"])
        #expect(try names("nika").isEmpty)                      // word prefixes, not substrings
        #expect(try names("zzz").isEmpty)
        #expect(try names("50%_\"").isEmpty)                   // wildcards and quotes are literal
        #expect(try names("@@").isEmpty)                        // no letters or digits: nothing
        #expect(try names("  ").count == 4)                     // blank: no search
        #expect(try f.database.members().count == 4)
    }

    @Test func wordsAreFoldedRunsOfLettersAndDigits() {
        #expect(SearchTokens.words("O'Brien-Smith, ANNA anna") == ["o", "brien", "smith", "anna"])
        #expect(SearchTokens.words("Zoë e\u{301}") == ["zoe", "e"])  // precomposed and combining accents
        #expect(SearchTokens.words("a\"b\\c/d") == ["a", "b", "c", "d"])  // nothing a JSON string escapes
        #expect(SearchTokens.words("山田 ١٢٣ 😀") == ["山田", "١٢٣"])
        #expect(SearchTokens.words(" -- ").isEmpty)
        let member = MemberRecord(memberId: UUID().uuidString, passId: "04:A2", username: "Zoë", timeStampAdded: 0,
                                  fields: ["userEmailAddress": .string("z@x.org")], modifiedAt: 0, modifiedBy: "T")
        #expect(SearchTokens.json(of: member) == #"["zoe","04","a2","z","x","org"]"#)
    }

    @Test func editsMoveAMemberInTheSearch() throws {
        let f = try ClubFixture()
        let bob = try f.club.addMember(passId: "X1", username: "Bob")
        try f.club.updateMember(id: bob.memberId, MemberChanges(username: "Robert", fields: ["userEmailAddress": .string("rob@gym.example")]))
        #expect(try f.database.members(matching: "bob").isEmpty)
        #expect(try f.database.members(matching: "robert").map(\.memberId) == [bob.memberId])
        #expect(try f.database.members(matching: "gym").map(\.memberId) == [bob.memberId])
        #expect(try f.database.memberCount(matching: "rob") == 1)
    }

    @Test func deletedMembersLeaveTheSearch() throws {
        let f = try ClubFixture()
        let m = try f.club.addMember(passId: "P1", username: "Gone Person")
        try f.club.deleteMember(id: m.memberId)
        #expect(try f.database.members(matching: "gone").isEmpty)
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
