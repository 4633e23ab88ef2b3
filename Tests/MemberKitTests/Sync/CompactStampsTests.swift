import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// Sync format 3: the per-field stamps written short (times as offsets, desks by their index in
/// the file's `desks`), read back exactly, and format 2 files (as desks before it write them) still merged.
@Suite("Compact field stamps (sync format 3)")
struct CompactStampsTests {
    /// Desks A and B with `count` members added at A (clock times with fractions, as a real
    /// clock's), read by B; then A suspends every tenth with a note and B changes every third's
    /// e-mail, and the desks read each other: the field-stamps bench's history, small.
    static func editedDesks(count: Int = 60) throws -> (a: SyncTestTerminal, b: SyncTestTerminal, edited: Set<String>) {
        let clock = FakeClock(Date(timeIntervalSince1970: 1_764_633_600.123_456_7))
        let a = try SyncTestTerminal(id: "6F1C2D0E-9B7A-4C3E-8D21-5A4B3C2D1E0F", clock: clock)
        let b = try SyncTestTerminal(id: "0A9B8C7D-6E5F-4A3B-9C2D-1E0F9A8B7C6D", clock: clock)
        var ids: [String] = []
        for index in 0..<count {
            clock.advance(by: 0.013_7)
            ids.append(try a.club.addMember(passId: String(format: "04%010X", index), username: "Member \(index)",
                                            fields: ["userEmailAddress": .string("m\(index)@example.com")]).memberId)
        }
        try b.importBytes(a.export())
        var edited = Set<String>()
        for (index, id) in ids.enumerated() where index % 10 == 0 {
            clock.advance(by: 0.029_3)
            _ = try a.club.updateMember(id: id, MemberChanges(status: .suspended, note: .some("Card bounced")))
            edited.insert(id)
        }
        for (index, id) in ids.enumerated() where index % 3 == 0 {
            clock.advance(by: 0.031_1)
            _ = try b.club.updateMember(id: id, MemberChanges(fields: ["userEmailAddress": .string("new\(index)@example.com")]))
            edited.insert(id)
        }
        try b.importBytes(a.export())
        try a.importBytes(b.export())
        return (a, b, edited)
    }

    /// The bytes of the lines of `members` in a .musrl (what a changes file carries of them).
    static func lineBytes(_ file: [UInt8], of members: Set<String>) -> Int {
        file.split(separator: UInt8(ascii: "\n")).filter { line in
            members.contains { line.firstRange(of: Array(#""memberId":"\#($0)""#.utf8)) != nil }
        }.reduce(0) { $0 + $1.count + 1 }
    }

    @Test("edited members take at most 1.20 times the bytes format 1 wrote for the same values, and read back the same")
    func editedMembersAreSmall() throws {
        let (a, b, edited) = try Self.editedDesks()
        let written = try a.export()
        // The same members as format 1 wrote them: one stamp each, the latest (the member's own).
        let format1Desk = try SyncTestTerminal(id: "F1", database: a.database.inMemoryCopy())
        try format1Desk.database.write { store in try store.db.execute(sql: "UPDATE member SET stamps = NULL") }
        let format1 = try format1Desk.export()
        let ratio = Double(Self.lineBytes(written, of: edited)) / Double(Self.lineBytes(format1, of: edited))
        #expect(ratio <= 1.20, "format 3 is \(ratio) times format 1")
        #expect(String(decoding: written, as: UTF8.self).contains(#""format":3"#))
        // Read back at a desk that never saw them, and at B: every stamp as A holds it.
        let fresh = try SyncTestTerminal(id: "C")
        try fresh.importBytes(written)
        #expect(try fresh.state() == a.state())
        try b.importBytes(written)
        #expect(try b.state() == a.state())
    }

    @Test("a format 2 file, as desks before format 3 write it, still merges with every stamp", arguments: MergePropertyTests.syncFormats)
    func formatTwoFilesMerge(format: ExchangeFormat) throws {
        let (a, _, _) = try Self.editedDesks(count: 31)
        var exporter = MemberExporter(database: a.database)
        exporter.formatTwoStamps = true
        let formatTwo = try exporter.exportBytes(format: .musrl)
        #expect(String(decoding: formatTwo, as: UTF8.self).contains(#""format":2"#))
        let fresh = try SyncTestTerminal(id: "C")
        try fresh.importBytes(formatTwo)
        #expect(try fresh.state() == a.state())
        // And what that desk writes in turn (format 3, in each sync format) reads back the same.
        let again = try SyncTestTerminal(id: "D")
        try again.importBytes(fresh.export(format), format)
        #expect(try again.state(includingEvents: format != .csv) == a.state(includingEvents: format != .csv), "\(format)")
    }

    @Test("a stamp's time comes back exactly, whatever it and the member's own are")
    func timesComeBackExactly() throws {
        let times: [Double] = [0, 0.1, 5e-324, 1e-300, -1, 60, 1_767_225_600, 1_767_225_600.123_456_7,
                               1_767_225_600.123_456_7.nextUp, 1_764_633_600.987_654_3, 4e9 + 0.5, 1e300, -1.7e308, 1.7e308]
        for (ownIndex, own) in times.enumerated() {
            for (timeIndex, time) in times.enumerated() {
                let replacedTimes: [Double?] = [nil, times[(ownIndex * 5 + timeIndex * 3) % times.count]]
                for replaced in replacedTimes {
                    let stamps = FieldStamps(rest: FieldStamp(time: time, desk: "R", replaced: replaced),
                                             edited: ["status": FieldStamp(time: own, desk: "O", replaced: time),
                                                      "note": FieldStamp(time: time, desk: "N", replaced: own)])
                    let ownStamp = FieldStamp(time: own, desk: "O")
                    var added: [String] = []
                    let written = StampDesks()
                    let value = CompactFieldStamps.value(stamps, own: ownStamp, desks: written, added: &added)
                    var parser = JSONStreamParser(reader: ByteReader(bytes: Array(JSONWriter.text(value).utf8)))
                    let read = StampDesks()
                    try read.read(.array(added.map(JSONValue.string)))
                    let back = try CompactFieldStamps.stamps(parser.parseValue(), own: ownStamp, desks: read)
                    #expect(back == stamps, "own \(own), time \(time): \(JSONWriter.text(value))")
                }
            }
        }
    }

    @Test("a desk is written once per .musrl file, then by its index; a CSV file spells it", arguments: [ExchangeFormat.musrl, .mucsv])
    func desksAreWrittenOnce(format: ExchangeFormat) throws {
        let (a, _, _) = try Self.editedDesks(count: 31)
        let text = String(decoding: try a.export(format), as: UTF8.self)
        func count(_ part: String) -> Int { text.components(separatedBy: part).count - 1 }
        // A's id is the desk of B-edited members' other fields: in their stamps, as well as where A is the member's own.
        let deskA = a.club.terminal.id, quote = format == .musrl ? "\"" : "\"\""
        let asOwn = count("modifiedBy\(quote):\(quote)\(deskA)")
        if format == .musrl {
            #expect(count(deskA) == asOwn + 1 && count("\"desks\":[\"\(deskA)\"]") == 1, "\(text)")
        } else {
            // A CSV file's rows may be reordered or cut: its stamps spell their desks.
            #expect(count(deskA) > asOwn + 1 && count("desks") == 0, "\(text)")
        }
    }

    @Test("a desk index the file has not listed is a one-line error, and nothing of the file is applied", arguments: [
        (#""format":3,"stamps":{"note":[1,4]}"#, ExchangeFormat.musrl),
        (#""format":3,"desks":["T1"],"stamps":{"note":[1,1]}"#, .musrl),
        (#""format":3,"desks":"T1","stamps":{"note":[1,0]}"#, .musrl),
        (#""format":3,"desks":[""],"stamps":{"note":[1,0]}"#, .musrl),
        (#""format":3,"stamps":{"note":[1,0.5]}"#, .musrl),
        (#""format":3,"stamps":{"note":[[1,2]]}"#, .musrl),
        (#""format":3,"stamps":{"note":[1,null,2,3]}"#, .musrl),
        (#""format":3,"stamps":{"note":[1e308,null,[1e400]]}"#, .musrl),
        (#""format":3,"stamps":{"*":[1.7e308],"note":1.7e308}"#, .musrl),
        (#""format":3,"desks":["T1"],"stamps":{"note":[1,0]}"#, .mucsv),
    ])
    func badCompactStamps(extra: String, format: ExchangeFormat) throws {
        let t1 = try SyncTestTerminal(id: "T1")
        try t1.club.addMember(passId: "04A23C99", username: "Mark")
        let before = try t1.state()
        let file: String
        if format == .musrl {
            file = #"[{"memberId":"NEW-1","passId":"04000001","username":"New","timeStampAdded":0,"numVisits":0,"timeStampOfLastVisit":0,"#
                + #""memberdesk":{"modifiedAt":1e308,"modifiedBy":"T9","visitCounters":{},\#(extra)}}]"#
        } else {
            let extras = #"{"modifiedAt":1e308,"modifiedBy":"T9","visitCounters":{},\#(extra)}"#.replacingOccurrences(of: "\"", with: "\"\"")
            file = "memberId,passId,username,timeStampAdded,numVisits,timeStampOfLastVisit,memberdesk\nNEW-1,04000001,New,0,0,0,\"\(extras)\""
        }
        #expect {
            try t1.importBytes(Array(file.utf8), format)
        } throws: { error in
            let text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            return (text.contains("stamps") || text.contains("desks")) && !text.contains("\n")
        }
        #expect(try t1.state() == before)
    }
}
