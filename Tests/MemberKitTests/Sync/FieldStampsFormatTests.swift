import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// Per-field stamps on the wire (sync format 3, see CompactStampsTests): what it writes, what it
/// reads of format 1 files, and a file from a newer desk refused whole.
@Suite("Field stamps in sync files")
struct FieldStampsFormatTests {
    static func members(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Two desks with one member, Mark, added at T1 and read by T2.
    static func desks() throws -> (clock: FakeClock, t1: SyncTestTerminal, t2: SyncTestTerminal, mark: String) {
        let clock = FakeClock()
        let t1 = try SyncTestTerminal(id: "T1", clock: clock), t2 = try SyncTestTerminal(id: "T2", clock: clock)
        let mark = try t1.club.addMember(passId: "04A23C99", username: "Mark O'Brien").memberId
        try t2.importBytes(t1.export())
        clock.advance(by: 60)
        return (clock, t1, t2, mark)
    }

    @Test("an edit stamps only the fields it changes, and the stamps travel in every sync format")
    func stampsTravel() throws {
        for format in MergePropertyTests.syncFormats {
            let (clock, t1, t2, mark) = try Self.desks()
            let before = try #require(try t1.database.member(id: mark))
            let after = try t1.club.updateMember(id: mark, MemberChanges(status: .suspended, note: .some("Card bounced")))
            #expect(after.stamp(of: "status").time > before.modifiedAt && after.stamp(of: "note") == after.stamp(of: "status"))
            #expect(after.stamp(of: "status").replaced == before.modifiedAt)
            #expect(after.stamp(of: "username") == before.stamp(of: "username"))
            clock.advance(by: 60)
            try t2.importBytes(t1.export(format), format)
            #expect(try t2.database.member(id: mark)?.stamps == after.stamps, "\(format)")
            #expect(try t2.state() == t1.state(), "\(format)")
        }
    }

    @Test("a member never edited field by field is written as format 1 wrote it")
    func unstampedMembersAreFormatOne() throws {
        let (_, t1, _, _) = try Self.desks()
        let text = String(decoding: try t1.export(), as: UTF8.self)
        #expect(!text.contains("\"format\"") && !text.contains("\"stamps\""), "\(text)")
    }

    @Test("a format 1 file's member (one stamp) still merges: its fields take that stamp")
    func formatOneFilesMerge() throws {
        let (clock, t1, t2, mark) = try Self.desks()
        try t1.club.updateMember(id: mark, MemberChanges(status: .suspended))
        clock.advance(by: 60)
        // A format 1 desk's later version of Mark: every field at its one stamp, so its status wins too.
        let stamp = clock.now().timeIntervalSince1970
        let old = #"[{"memberId":"\#(mark)","passId":"04A23C99","username":"Mark OB","timeStampAdded":0,"numVisits":0,"#
            + #""timeStampOfLastVisit":0,"memberdesk":{"modifiedAt":\#(stamp),"modifiedBy":"T9","status":"active","visitCounters":{}}}]"#
        try t1.importBytes(Self.members(old))
        let merged = try #require(try t1.database.member(id: mark))
        #expect(merged.username == "Mark OB" && merged.status == .active)
        #expect(merged.stamps == nil, "every field carries the member's one stamp: \(String(describing: merged.stamps))")
        _ = t2
    }

    @Test("a file with a member from a newer format is refused whole, with one line, and nothing of it is applied")
    func newerFormatIsRefusedWhole() throws {
        let (_, t1, _, mark) = try Self.desks()
        let before = try t1.state()
        let file = #"[{"memberId":"NEW-1","passId":"04000001","username":"New","timeStampAdded":0,"numVisits":0,"timeStampOfLastVisit":0,"#
            + #""memberdesk":{"modifiedAt":5,"modifiedBy":"T9","visitCounters":{}}},"#
            + "\n" + #"{"memberId":"\#(mark)","passId":"04A23C99","username":"Mark","timeStampAdded":0,"numVisits":0,"timeStampOfLastVisit":0,"#
            + #""memberdesk":{"format":4,"modifiedAt":9e9,"modifiedBy":"T9","visitCounters":{},"status":{"a":"b"}}}]"#
        #expect {
            try t1.importBytes(Self.members(file))
        } throws: { error in
            let text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            return text.contains("written by a newer memberdesk (sync format 4, this desk reads up to 3)")
                && text.contains("upgrade this desk") && !text.contains("\n")
        }
        #expect(try t1.state() == before)
    }

    @Test("bad stamps are a one-line error naming them", arguments: [
        #""stamps":[]"#, #""stamps":{"note":"x"}"#, #""stamps":{"note":[]}"#, #""stamps":{"note":[1,"T1",2,3]}"#,
        #""stamps":{"note":[1,""]}"#, #""stamps":{"note":[1e400]}"#, #""format":"two""#,
    ])
    func badStamps(extra: String) throws {
        let (_, t1, _, _) = try Self.desks()
        let before = try t1.state()
        let file = #"[{"memberId":"NEW-1","passId":"04000001","username":"New","timeStampAdded":0,"numVisits":0,"timeStampOfLastVisit":0,"#
            + #""memberdesk":{"modifiedAt":5,"modifiedBy":"T9","visitCounters":{},\#(extra)}}]"#
        #expect {
            try t1.importBytes(Self.members(file))
        } throws: { error in
            let text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            return (text.contains("stamps") || text.contains("format")) && !text.contains("\n")
        }
        #expect(try t1.state() == before)
    }
}
