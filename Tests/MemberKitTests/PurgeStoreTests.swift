import Foundation
import GRDB
@_spi(Decisions) import MemberCore
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

    /// A member of the large store: every value its own (no other member's contains it), so a
    /// copy left anywhere in the file is found by its bytes.
    static func crowdMember(_ index: Int, at time: Double) -> MemberRecord {
        let hex = String(index, radix: 16).uppercased()
        return MemberRecord(memberId: "M-\(index)", passId: "04FE" + String(repeating: "0", count: 8 - hex.count) + hex,
                            username: "Quentin\(index)x Oyelaran\(index)z",
                            timeStampAdded: time, fields: ["userEmailAddress": .string("q\(index).oyelaran@example.org")],
                            note: "Knee\(index)q surgery", modifiedAt: time, modifiedBy: "seed")
    }

    @Test("in a large store, a purged member's values leave no copy: not in an index's interior cells, not in free pages")
    func purgeLeavesNoCopyInALargeStore() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/members.sqlite"
        let f = try ClubFixture(debounce: 0, database: AppDatabase.open(path: path))
        let count = 30_000, now = f.clock.now().timeIntervalSince1970
        try f.database.write { store in
            for index in 0..<count { try store.insert(Self.crowdMember(index, at: now)) }
        }
        try f.database.checkpointTruncating()
        // The members an index holds in an interior cell (an index b-tree keeps each key once,
        // some of them above the leaves): the divider keys a purge might leave behind.
        let interior = try Self.interiorIndexPages(path)
        let dividers = CrowdValue.allCases.reduce(into: Set<Int>()) { $0.formUnion($1.members(in: interior)) }
        #expect(dividers.count >= 5, "the store is too small to have interior index cells: \(dividers.count)")
        let victims = dividers.union(stride(from: 7, to: count, by: 1000)).sorted()
        for victim in victims {
            f.clock.advance(by: 1)
            let id = Self.crowdMember(victim, at: now).memberId
            try f.club.deleteMember(id: id)
            try f.club.purgeMember(id: id)
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        if let wal = FileManager.default.contents(atPath: path + "-wal") { bytes.append(wal) }
        for value in CrowdValue.allCases {
            let found = value.members(in: bytes)
            let left = victims.filter { found.contains($0) }
            let places = try left.prefix(3).map { victim -> String in
                let text = Array(value.text(of: Self.crowdMember(victim, at: now)).utf8)
                guard let at = CrowdValue.find(text, in: [UInt8](bytes), from: 0) else { return "?" }
                let page = at / 4096 + 1
                let name = try f.database.read { store in try String.fetchOne(store.db, sql: "SELECT name FROM dbstat WHERE pageno = ?", arguments: [page]) }
                return "\(victim) at byte \(at) page \(page) (\(name ?? "free or wal")) type \(bytes[(page - 1) * 4096 + (page == 1 ? 100 : 0)])"
            }
            #expect(left.count == 0, "\(value): \(left.count) of \(victims.count) purged members left in the file, e.g. \(places)")
            // The check can fail: the members kept are still there, byte for byte.
            let missing = Set(0..<count).subtracting(victims).subtracting(found)
            #expect(missing.count == 0, "\(value): \(missing.count) members kept are not found, e.g. \(missing.sorted().prefix(5))")
        }
    }

    /// The bytes of every interior index b-tree page of the database file (page type 2, the
    /// file format's "interior index b-tree page").
    static func interiorIndexPages(_ path: String) throws -> Data {
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        let size = Int(file[16]) << 8 | Int(file[17])
        let pageSize = size == 1 ? 65_536 : size
        var pages = Data()
        for start in stride(from: 0, to: file.count, by: pageSize) where file[start + (start == 0 ? 100 : 0)] == 0x02 {
            pages.append(file[start..<min(start + pageSize, file.count)])
        }
        return pages
    }

    /// A value of `crowdMember`'s, found in a file's bytes by the text around its member's tag.
    enum CrowdValue: CaseIterable {
        case name, nameWord, pass, email, note

        var around: (prefix: String, suffix: String) {
            switch self {
            case .name: ("Quentin", "x Oyelaran")
            case .nameWord: ("quentin", "x")
            case .pass: ("04FE", "")
            case .email: ("q", ".oyelaran@")
            case .note: ("Knee", "q surgery")
            }
        }

        func text(of member: MemberRecord) -> String {
            switch self {
            case .name: member.username ?? ""
            case .nameWord: (member.username ?? "").lowercased().split(separator: " ").first.map(String.init) ?? ""
            case .pass: member.passId
            case .email: member.fields["userEmailAddress"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? ""
            case .note: member.note ?? ""
            }
        }

        /// The indexes of the members whose value `bytes` hold.
        func members(in data: Data) -> Set<Int> {
            let (prefix, suffix) = (Array(around.prefix.utf8), Array(around.suffix.utf8))
            let bytes = [UInt8](data), tagLength = self == .pass ? 8 : 5
            let digits = Set((self == .pass ? "0123456789ABCDEF" : "0123456789").utf8)
            var found = Set<Int>(), from = 0
            while let hit = Self.find(prefix, in: bytes, from: from) {
                from = hit + prefix.count
                var end = from
                while end < bytes.count, end - from < tagLength, digits.contains(bytes[end]) { end += 1 }
                // A pass's tag is all eight digits (anything shorter is other bytes that happen to follow "04FE").
                guard end > from, self != .pass || end - from == tagLength, bytes[end...].starts(with: suffix),
                      let index = Int(String(decoding: bytes[from..<end], as: UTF8.self), radix: self == .pass ? 16 : 10) else { continue }
                found.insert(index)
            }
            return found
        }

        /// Where `needle` next occurs in `bytes` at or after `from` (by memchr and memcmp: Data's
        /// own search copies the data on every call).
        static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
            bytes.withUnsafeBufferPointer { haystack in
                var at = from
                while at + needle.count <= haystack.count {
                    guard let hit = memchr(haystack.baseAddress! + at, Int32(needle[0]), haystack.count - at - needle.count + 1) else { return nil }
                    at = haystack.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(haystack.baseAddress! + at, needle, needle.count) == 0 { return at }
                    at += 1
                }
                return nil
            }
        }
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
