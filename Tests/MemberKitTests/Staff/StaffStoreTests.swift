import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

@Suite struct StaffStoreTests {
    let cli = AuditActor.cli(user: "alice")

    @Test func addsListsAndRecordsOperators() throws {
        let f = try ClubFixture()
        let added = try f.club.addStaff(name: "Mia", role: .manager, card: "04:aa:bb:cc", pin: PIN("4821"),
                                        hasher: FakePINHasher(), by: cli)
        #expect(added.card == "04AABBCC")
        #expect(try f.database.staff().map(\.name) == ["Mia"])
        #expect(try f.database.staffAccount(card: "04AABBCC")?.name == "Mia")
        #expect(try f.database.staffAccount(named: "mia")?.role == .manager)
        let entries = try f.database.auditEntries(AuditQuery())
        #expect(entries.map(\.action) == [.staffAdd])
        #expect(entries[0].operator == "cli:alice" && entries[0].method == .cli && entries[0].desk == "Test desk")
    }

    @Test func refusesDuplicatesAndSharedCards() throws {
        let f = try ClubFixture()
        let hasher = FakePINHasher()
        try f.club.addStaff(name: "Mia", role: .desk, card: "04AABBCC", pin: PIN("4821"), hasher: hasher, by: cli)
        try f.club.addMember(passId: "04112233", username: "Anna")
        #expect(throws: DeskError.self) { try f.club.addStaff(name: "MIA", role: .desk, pin: PIN("1111"), hasher: hasher, by: cli) }
        #expect(throws: DeskError.self) { try f.club.addStaff(name: "Bo", role: .desk, card: "04aabbcc", pin: PIN("1111"), hasher: hasher, by: cli) }
        #expect(throws: DeskError.self) { try f.club.addStaff(name: "Bo", role: .desk, card: "04112233", pin: PIN("1111"), hasher: hasher, by: cli) }
        #expect(throws: DeskError.self) { try f.club.addMember(passId: "04AABBCC", username: "Eve") }
        let anna = try #require(try f.database.member(idOrPass: "04112233"))
        #expect(throws: DeskError.self) { try f.club.updateMember(id: anna.memberId, MemberChanges(passId: "04AABBCC")) }
        #expect(throws: DeskError.self) { try f.club.setStaffCard(name: "Mia", card: "04112233", by: cli) }
        #expect(throws: DeskError.self) { try f.club.removeStaff(name: "Nobody", by: cli) }
        #expect(try f.database.staff().map(\.name) == ["Mia"])
        #expect(try f.database.auditEntries(AuditQuery(action: .staffAdd)).count == 1)
    }

    @Test func removalKeepsATombstoneAndFreesNameAndCard() throws {
        let f = try ClubFixture()
        let hasher = FakePINHasher()
        try f.club.addStaff(name: "Mia", role: .desk, card: "04AABBCC", pin: PIN("4821"), hasher: hasher, by: cli)
        try f.club.removeStaff(name: "mia", by: cli)
        #expect(try f.database.staff().isEmpty)
        #expect(try f.database.staff(includingRemoved: true).first?.isRemoved == true)
        f.clock.advance(by: 1)
        let again = try f.club.addStaff(name: "Mia", role: .manager, card: "04AABBCC", pin: PIN("4821"), hasher: hasher, by: cli)
        #expect(again.role == .manager && !again.isRemoved)
    }

    @Test func newPINReplacesTheHash() throws {
        let f = try ClubFixture()
        let hasher = FakePINHasher()
        try f.club.addStaff(name: "Mia", role: .desk, pin: PIN("4821"), hasher: hasher, by: cli)
        try f.club.setStaffPIN(name: "Mia", pin: PIN("9999"), hasher: hasher, by: cli)
        let hash = try #require(try f.database.staffAccount(named: "Mia")?.pinHash)
        let new = try PIN("9999"), old = try PIN("4821")
        #expect(hasher.verify(new, against: hash) && !hasher.verify(old, against: hash))
    }

    @Test func editsRecordFieldBeforeAndAfter() throws {
        let f = try ClubFixture()
        let anna = try f.club.addMember(passId: "04112233", username: "Anna", by: cli)
        try f.club.updateMember(id: anna.memberId, MemberChanges(username: "Anna B", status: .suspended), by: cli)
        try f.club.deleteMember(id: anna.memberId, by: cli)
        let entries = try f.database.auditEntries(AuditQuery(memberId: anna.memberId))
        #expect(entries.map(\.action) == [.enrol, .suspend, .edit, .delete])
        #expect(entries[2].detail == ["field": "name", "before": "Anna", "after": "Anna B"])
        #expect(entries.allSatisfy { $0.operator == "cli:alice" })
    }
}

@Suite struct AuditAppendOnlyTests {
    /// A file database, opened a second time with plain SQL as any tool could.
    private func withFile(_ body: (AppDatabase, DatabaseQueue, ClubFixture) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(path: folder.appendingPathComponent("desk.sqlite").path)
        let f = try ClubFixture(database: database)
        let raw = try DatabaseQueue(path: folder.appendingPathComponent("desk.sqlite").path)
        try body(database, raw, f)
    }

    @Test func updateAndDeleteThroughSQLFail() throws {
        try withFile { database, raw, f in
            try f.club.addMember(passId: "04112233", username: "Anna")
            #expect(try database.auditCount() == 1)
            #expect(throws: DatabaseError.self) { try raw.write { try $0.execute(sql: "UPDATE audit SET operator = 'eve'") } }
            #expect(throws: DatabaseError.self) { try raw.write { try $0.execute(sql: "DELETE FROM audit") } }
            #expect(throws: DatabaseError.self) {
                try raw.write { try $0.execute(sql: "DELETE FROM audit WHERE time < 1e12") }
            }
            #expect(try database.auditEntries(AuditQuery()).first?.operator == nil)
            #expect(try database.auditCount() == 1)
        }
    }

    @Test func pruningRemovesOnlyOldEntries() throws {
        let f = try ClubFixture()
        try f.club.addMember(passId: "04112233", username: "Anna")
        f.clock.advance(by: 86_400 * 10)
        try f.club.addMember(passId: "04112234", username: "Bo")
        let cutoff = f.clock.now().timeIntervalSince1970 - 86_400
        #expect(try f.database.pruneAudit(before: cutoff) == 1)
        #expect(try f.database.auditCount() == 1)
        // The permission ends with the pruning's transaction.
        #expect(throws: DeskError.self) {
            try f.database.write { store in try store.db.execute(sql: "DELETE FROM audit") }
        }
    }
}
