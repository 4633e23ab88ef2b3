import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// A desk's files carry, for a member another desk authors, a tally: the memberId, this desk's
/// counters and events, and the last visit; never the record. Readers merge it without touching
/// fields, in any order with the record.
@Suite("Tally entries")
struct TallyEntryTests {
    /// Desk TA enrols Ann (and a member of its own, Bo); TB reads it and checks Ann in and out;
    /// both have written: TA's files hold Ann's record, TB's only what TB counted.
    static func annCountedElsewhere() throws -> (f: SyncFolderFixture, a: SyncTestTerminal, b: SyncTestTerminal, ann: MemberRecord) {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA"), b = try f.terminal("TB")
        let ann = try a.club.addMember(passId: "04000001", username: "Ann", fields: ["userEmailAddress": .string("ann@example.org")])
        try a.club.addMember(passId: "04000002", username: "Bo")
        _ = try f.sync(a).pass()
        _ = try f.sync(b).pass()
        f.clock.advance(by: 3600)
        _ = try b.club.checkIn(passId: "04000001", source: .nfc)
        f.clock.advance(by: 600)
        _ = try b.club.checkOut(passId: "04000001")
        #expect(try f.sync(b).writer.write(snapshot: true).snapshot)
        return (f, a, b, ann)
    }

    static func entries(_ f: SyncFolderFixture, _ desk: String, _ name: String) throws -> [String: ExchangeMember] {
        try SnapshotExportAgreementTests.members(Array(try Data(contentsOf: URL(fileURLWithPath: f.folder + "/\(desk)/" + name))))
    }

    static func latestSnapshot(_ f: SyncFolderFixture, _ desk: String) throws -> String {
        try #require(try f.files(desk).last { $0.hasPrefix("snapshot-") })
    }

    @Test("a desk's snapshot carries a member it did not author as a tally: its id, its counters and events, the last visit")
    func snapshotCarriesTallies() throws {
        let (f, _, b, ann) = try Self.annCountedElsewhere()
        let name = try Self.latestSnapshot(f, "TB")
        let tally = try #require(try Self.entries(f, "TB", name)[ann.memberId])
        #expect(tally.isTally)
        #expect(tally.counters == ["TB": 1])
        #expect(tally.events.map(\.kind) == [.entry, .exit])
        #expect(try tally.record.timeStampOfLastVisit == b.database.member(idOrPass: "04000001")?.timeStampOfLastVisit)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: f.folder + "/TB/" + name)), as: UTF8.self)
        #expect(!text.contains("Ann") && !text.contains("ann@example.org") && !text.contains("passId") && !text.contains("modifiedAt"))
        // The last visit is the latest entry's time: not written twice.
        #expect(!text.contains("lastVisit"))
        // Bo, whom TB never counted, is not in TB's files at all.
        #expect(try Self.entries(f, "TB", name).count == 1)
        // An export stays whole and ClubKit's: Ann with her record.
        let exported = try SnapshotExportAgreementTests.members(b.export())
        #expect(exported[ann.memberId].map { !$0.isTally && $0.record.username == "Ann" } == true)
    }

    @Test("a tap's changes file for a member another desk authors is a tally, well under 2 KB")
    func tapOfAnotherDesksMemberIsATally() throws {
        let (f, _, b, ann) = try Self.annCountedElsewhere()
        f.clock.advance(by: 3600)
        _ = try b.club.checkIn(passId: "04000001", source: .nfc)
        let written = try f.sync(b).writer.write()
        let name = try #require(written.file)
        #expect(name.hasPrefix("changes-"))
        let entries = try Self.entries(f, "TB", name)
        #expect(entries.count == 1 && entries[ann.memberId]?.isTally == true)
        #expect(entries[ann.memberId]?.counters == ["TB": 2])
        #expect(entries[ann.memberId]?.events.count == 1)  // only the new entry
        let size = try #require(try FileManager.default.attributesOfItem(atPath: f.folder + "/TB/" + name)[.size] as? Int)
        #expect(size < 600, "a tap's tally is \(size) bytes")
        // A tap of a member this desk authors still sends the record.
        _ = try b.club.checkIn(passId: "04000B01", source: .nfc)
        let own = try #require(try f.sync(b).writer.write().file)
        #expect(try Self.entries(f, "TB", own).values.allSatisfy { !$0.isTally })
    }

    @Test("a tally read before its member's record and one read after end the same, read once or again")
    func tallyBeforeOrAfterRecord() throws {
        let (f, a, b, ann) = try Self.annCountedElsewhere()
        let tallyFirst = try f.terminal("TC"), recordFirst = try f.terminal("TD")
        _ = try f.sync(tallyFirst).reader.read(only: ["TB"])
        // The tally waits: no member, but its counters, events and last visit are kept.
        #expect(try tallyFirst.database.member(idOrPass: "04000001") == nil)
        #expect(try tallyFirst.eventCount("entry") == 1)
        _ = try f.sync(tallyFirst).reader.read(only: ["TA"])
        _ = try f.sync(recordFirst).reader.read(only: ["TA"])
        _ = try f.sync(recordFirst).reader.read(only: ["TB"])
        // Again, late, and by hand (`memberdesk import` of the snapshot): nothing counts twice.
        let snapshot = Array(try Data(contentsOf: URL(fileURLWithPath: f.folder + "/TB/" + Self.latestSnapshot(f, "TB"))))
        for desk in [tallyFirst, recordFirst] { try desk.importBytes(snapshot) }
        _ = try f.sync(a).pass()
        let state = try a.state()
        #expect(try tallyFirst.state() == state)
        #expect(try recordFirst.state() == state)
        let counted = try #require(try tallyFirst.database.member(idOrPass: "04000001"))
        #expect(counted.numVisits == 1 && counted.username == "Ann" && counted.modifiedBy == "TA")
        #expect(try counted.timeStampOfLastVisit == b.database.member(idOrPass: "04000001")?.timeStampOfLastVisit)
        #expect(counted.timeStampOfLastVisit > ann.timeStampOfLastVisit)
        #expect(!state.contains("waiting"))
    }

    @Test("a tally never creates, overwrites or deletes a member's fields; on a deleted member it counts as its counters do")
    func tallyLeavesFieldsAlone() throws {
        let (f, a, _, ann) = try Self.annCountedElsewhere()
        f.clock.advance(by: 60)
        try a.club.updateMember(id: ann.memberId, MemberChanges(username: .some("Ann B")))
        try a.club.deleteMember(id: ann.memberId)
        _ = try f.sync(a).writer.write(snapshot: true)
        let before = try #require(try a.database.read { try $0.member(memberId: ann.memberId) })
        _ = try f.sync(a).reader.read(only: ["TB"])
        let after = try #require(try a.database.read { try $0.member(memberId: ann.memberId) })
        #expect(MergeRules.sameEditableFields(before, after) && after.username == "Ann B" && after.deletedAt != nil)
        #expect(after.numVisits == 1)
        // Another desk reading both, either way round, agrees.
        let late = try f.terminal("TE")
        _ = try f.sync(late).reader.read(only: ["TB"])
        _ = try f.sync(late).reader.read(only: ["TA"])
        #expect(try late.state() == a.state())
    }

    static let badTallies: [(String, String)] = [
        (#"{"tally":"M-1","username":"Eve","visitCounters":{"TB":1}}"#, "holds username"),
        (#"{"tally":"M-1","modifiedAt":1,"modifiedBy":"TB"}"#, "holds modifiedAt"),
        (#"{"tally":"M-1","memberdesk":{"visitCounters":{"TB":1}}}"#, "holds memberdesk"),
        (#"{"tally":true,"visitCounters":{"TB":1}}"#, "tally must be a string"),
        (#"{"tally":"","visitCounters":{"TB":1}}"#, "tally is empty"),
        (#"{"memberId":"M-1","tally":"M-1","visitCounters":{"TB":1}}"#, "holds memberId"),
        (#"{"tally":"M-1","visitCounters":[1]}"#, "visitCounters must be an object"),
        (#"{"tally":"M-1","visitCounters":{"TB":"many"}}"#, "visitCounters.TB must be a whole number"),
        (#"{"tally":"M-1","visitCounters":{"TB":-1}}"#, "visitCounters.TB must be a whole number"),
        (#"{"tally":"M-1","visitCounters":{"TB":100000000000000000000}}"#, "too large for a count"),
        (#"{"tally":"M-1","visitCounters":{"TB":1e400}}"#, "beyond the range"),
        (#"{"tally":"M-1","visitCounters":{"TB":9223372036854775807,"TC":9223372036854775807}}"#, "too large for a desk's visits"),
        (#"{"tally":"M-1","packCounters":{"TB":{"added":2000000000}}}"#, "is more than"),
        (#"{"tally":"M-1","packCounters":[]}"#, "packCounters must be an object"),
        (#"{"tally":"M-1","lastVisit":"soon"}"#, "lastVisit must be a number"),
        (#"{"tally":"M-1","lastVisit":-5}"#, "lastVisit must be a time"),
        (#"{"tally":"M-1","visitEvents":[{"id":"e","kind":"walk","time":1,"desk":"TB","source":"nfc"}]}"#, "kind must be"),
        (#"{"tally":"M-1","visitEvents":{}}"#, "visitEvents must be an array"),
    ]

    @Test("a bad tally is a one-line error for its file and changes nothing", arguments: badTallies)
    func badTallyChangesNothing(entry: String, says: String) throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA")
        try a.club.addMember(passId: "04000001")
        _ = try f.sync(a).pass()
        // M-1 known here, so that a tally that slipped through would show.
        try a.importBytes(SyncFolderFixture.memberFile(memberId: "M-1", by: "TB"))
        let before = try a.state()
        let good = #"{"tally":"M-1","visitCounters":{"TB":5}}"#
        try f.plant("TB", SyncFileName.changes(after: 0, through: 1).description, Array("[\(good),\n\(entry)]".utf8))
        let read = try f.sync(a).reader.read()
        #expect(read.errors.count == 1)
        let error = try #require(read.errors.first)
        #expect(error.contains(says), "\(error)")
        #expect(!error.contains("\n"))
        #expect(try a.state() == before)
    }

    @Test("a takeover carries the retired desk's tallies as tallies and its records as records")
    func takeoverKeepsShapes() throws {
        let (f, a, b, ann) = try Self.annCountedElsewhere()
        let own = try b.club.addMember(passId: "04000B01", username: "Cy")
        _ = try f.sync(b).pass()
        _ = try f.sync(a).pass()
        let third = try f.terminal("TC")
        _ = try f.sync(third).pass()
        let report = try f.sync(third).retire("TB")
        #expect(report.retired.takenOverBy == "TC")
        let entries = try Self.entries(f, "TC", try Self.latestSnapshot(f, "TC"))
        #expect(entries[ann.memberId]?.isTally == true && entries[ann.memberId]?.counters == ["TB": 1])
        #expect(entries[ann.memberId]?.events.count == 2)
        #expect(entries[own.memberId].map { !$0.isTally && $0.record.username == "Cy" } == true)
        // TA's own members are TA's to carry.
        #expect(entries.values.filter { !$0.isTally }.allSatisfy { $0.record.modifiedBy == "TB" })
        // A desk joining after TB's subfolder went gets everything from TA's and TC's files.
        try FileManager.default.removeItem(atPath: f.folder + "/TB")
        let late = try f.terminal("TL")
        let read = try f.sync(late).reader.read()
        #expect(read.errors.isEmpty)
        _ = try f.sync(a).reader.read()
        #expect(try late.state() == a.state())
    }
}
