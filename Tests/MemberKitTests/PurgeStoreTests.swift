import Foundation
import GRDB
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Issue #46 item 3: a member deleted and purged leaves no copy of their personal data in the
/// database (its row, its search tables, its audit entries, the file's free space and its log),
/// and every figure stays as it was.
@Suite("Purge: a deleted member's personal data erased from the store", .serialized)
struct PurgeStoreTests {
    /// Every value of Ingrid's the store was given, as typed and as the search tables fold them.
    static let personal = ["Ingrid Vasquez", "ingrid", "vasquez", "ingrid.vl@example.org", "Allergic to latex", "04C1D2E3F4A5B6",
                           "+46 70 123 45 67", "1987-05-04"]

    struct Desk {
        let folder: TemporaryDirectory
        let fixture: ClubFixture
        let ingrid: MemberRecord
        var path: String { folder.path + "/members.sqlite" }
    }

    /// Ingrid on a database file: enrolled with an e-mail, a note, a phone field and a birthday,
    /// renamed and re-noted (the audit keeps the old values), checked in twice, then deleted.
    static func deletedIngrid() throws -> Desk {
        let folder = try TemporaryDirectory()
        let f = try ClubFixture(debounce: 0, database: AppDatabase.open(path: folder.path + "/members.sqlite"))
        var ingrid = try f.club.addMember(passId: "04C1D2E3F4A5B6", username: "Ingrid Vasquez",
                                          fields: ["userEmailAddress": .string("ingrid.vl@example.org"), "phone": .string("+46 70 123 45 67")],
                                          note: "Allergic to latex")
        f.clock.advance(by: 60)
        ingrid = try f.club.updateMember(id: ingrid.memberId, MemberChanges(username: "Ingrid Vasquez-Lund", note: "Allergic to latex gloves",
                                                                             plan: PlanChanges(birthday: .some(Birthday(parsing: "1987-05-04")))))
        for _ in 0..<2 {
            f.clock.advance(by: 3600)
            _ = try f.club.checkIn(passId: "04C1D2E3F4A5B6", source: .nfc)
        }
        f.clock.advance(by: 60)
        try f.club.deleteMember(id: ingrid.memberId)
        return Desk(folder: folder, fixture: f, ingrid: ingrid)
    }

    /// The figures a purge must leave alone: the member's visits (counters, events, total) and the record's length.
    static func figures(_ desk: Desk) throws -> String {
        let id = desk.ingrid.memberId
        let db = desk.fixture.database
        let stored = try #require(try db.read { try $0.member(memberId: id) })
        let events = try db.read { store in try Int.fetchOne(store.db, sql: "SELECT count(*) FROM visit_event WHERE memberId = ?", arguments: [id]) }
        let audit = try db.read { store in try Int.fetchOne(store.db, sql: "SELECT count(*) FROM audit WHERE memberId = ? AND action <> 'purge'", arguments: [id]) }
        return "visits \(stored.numVisits), counters \(try db.visitCounters(memberId: id)), events \(events ?? -1), "
            + "visit rows \(try db.visits(memberId: id).count), last visit \(stored.timeStampOfLastVisit), audit entries \(audit ?? -1)"
    }

    /// The database file and its log, as bytes: what `strings` would read.
    static func fileBytes(_ desk: Desk) throws -> Data {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: desk.path))
        if let wal = FileManager.default.contents(atPath: desk.path + "-wal") { bytes.append(wal) }
        return bytes
    }

    static func found(in bytes: Data) -> [String] {
        personal.filter { bytes.range(of: Data($0.utf8)) != nil }
    }

    @Test("purge erases every personal value from the rows, the audit details and the file's bytes; the figures stay")
    func purgeLeavesNoCopy() throws {
        let desk = try Self.deletedIngrid()
        let before = try Self.figures(desk)
        try desk.fixture.database.checkpointTruncating()
        #expect(!Self.found(in: try Self.fileBytes(desk)).isEmpty, "the deleted tombstone holds the data before the purge")

        desk.fixture.clock.advance(by: 60)
        let erased = try desk.fixture.club.purgeMember(id: desk.ingrid.memberId)
        #expect(erased.isPurged && erased.username == nil && erased.note == nil && erased.fields.isEmpty && erased.birthday == nil)
        #expect(erased.passId == MemberPurge.erasedPass(of: desk.ingrid.memberId))
        #expect(try Self.figures(desk) == before)
        let details = try desk.fixture.database.read { store in
            try String.fetchAll(store.db, sql: "SELECT detail FROM audit WHERE memberId = ?", arguments: [desk.ingrid.memberId])
        }
        #expect(!details.isEmpty && details.allSatisfy { $0 == "{}" }, "\(details)")
        let left = Self.found(in: try Self.fileBytes(desk))
        #expect(left.isEmpty, "left in the file: \(left)")
    }

    @Test("a live member is not purged: delete first, and nothing changes")
    func liveMemberIsRefused() throws {
        let f = try ClubFixture(debounce: 0)
        let ann = try f.club.addMember(passId: "04AABBCC", username: "Ann")
        #expect(throws: DeskError.conflict("Ann is not deleted: run memberdesk members delete \(ann.memberId) first")) {
            try f.club.purgeMember(id: ann.memberId)
        }
        #expect(try f.database.member(id: ann.memberId).map { $0.username == "Ann" && !$0.isDeleted } == true)
        #expect(throws: DeskError.notFound("no member nobody")) { try f.club.purgeMember(id: "nobody") }
    }

    @Test("the audit record stays append-only but for an erased member's details")
    func auditStaysAppendOnly() throws {
        let desk = try Self.deletedIngrid()
        let db = desk.fixture.database
        #expect(throws: DeskError.self) {
            try db.write { store in try store.db.execute(sql: "UPDATE audit SET detail = '{}' WHERE memberId = ?", arguments: [desk.ingrid.memberId]) }
        }
        try desk.fixture.club.purgeMember(id: desk.ingrid.memberId)
        #expect(throws: DeskError.self) {
            try db.write { store in try store.db.execute(sql: "UPDATE audit SET action = 'edit' WHERE memberId = ?", arguments: [desk.ingrid.memberId]) }
        }
    }

    @Test("no pass typed, tapped or scanned may pose as an erased one")
    func erasedPassIsRefusedAsInput() {
        #expect(throws: DeskError.self) { try PassIdNormalizer.normalize("erased:M1") }
        #expect(throws: DeskError.self) { try PassIdNormalizer.normalize("ERASED:M1") }
        #expect(throws: DeskError.self) { try PassIdNormalizer.normalize("7|Erased:M1|payload|Ann") }
    }
}
