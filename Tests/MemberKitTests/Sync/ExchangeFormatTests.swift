import Foundation
import GRDB
import MemberDeskTestSupport
import Testing
@testable import MemberKit

@Suite("Exchange formats")
struct ExchangeFormatTests {
    static let trickyNames = [
        // No tab or newline: names are one line of plain text (issue 28 #9, MemberFieldRules).
        "Ann, \"the\" boss", "two, \"lines\"", "semi;colon", "李小龍", "😀🎉 party", "=SUM(A1:A9)", "+44 20", "-minus", "@cmd",
        " leading space", "'quoted", "<null>", "slash/and\\back",
    ]

    /// A terminal whose members have every awkward name, visits, a note, a status and a tombstone.
    static func populated() throws -> SyncTestTerminal {
        let terminal = try SyncTestTerminal(id: "T1")
        for (index, name) in trickyNames.enumerated() {
            let member = try terminal.club.addMember(passId: String(format: "04%06X", index), username: name,
                                                     fields: ["userEmailAddress": .string("m\(index)@example.com")])
            terminal.clock.advance(by: 61.25)
            for _ in 0..<(index % 3) {
                try terminal.club.checkIn(passId: member.passId, source: .manual)
                terminal.clock.advance(by: 61.25)
            }
        }
        let first = try #require(try terminal.database.member(idOrPass: "04000000"))
        try terminal.club.updateMember(id: first.memberId, MemberChanges(status: .suspended, expiresAt: .some(1_800_000_000.5),
                                                                         note: .some("note, with \"quotes\", and more")))
        let last = try #require(try terminal.database.member(idOrPass: String(format: "04%06X", trickyNames.count - 1)))
        try terminal.club.deleteMember(id: last.memberId)
        return terminal
    }

    @Test("each format round-trips every member exactly", arguments: ExchangeFormat.allCases)
    func roundTrip(format: ExchangeFormat) throws {
        let source = try Self.populated()
        let bytes = try source.export(format)
        let target = try SyncTestTerminal(id: "T2")
        let counts = try target.importBytes(bytes, format)
        #expect(counts.new == Self.trickyNames.count - 1)
        // Entries and exits travel in every format but the spreadsheet CSV.
        let events = format != .csv
        var expected = try source.state(includingEvents: events)
        if !format.carriesDeletions {
            // A spreadsheet holds live members only: the tombstone and its counters stay behind.
            let deleted = try #require(try source.database.read { store in
                try String.fetchOne(store.db, sql: "SELECT memberId FROM member WHERE deletedAt IS NOT NULL")
            })
            expected = expected.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains(deleted) }.joined(separator: "\n")
        }
        #expect(try target.state(includingEvents: events) == expected)
        let names = try Set(target.liveMembers().compactMap(\.username))
        #expect(names == Set(Self.trickyNames.dropLast()))
    }

    @Test("importing this terminal's own export changes nothing", arguments: ExchangeFormat.allCases)
    func ownExport(format: ExchangeFormat) throws {
        let terminal = try Self.populated()
        let before = try terminal.state()
        let plan = try terminal.plan(terminal.export(format), format)
        #expect(plan.isEmpty)
        #expect(plan.counts.unchanged == Self.trickyNames.count - (format.carriesDeletions ? 0 : 1))
        try plan.apply()
        #expect(try terminal.state() == before)
    }

    @Test("the spreadsheet CSV has a BOM, readable headers and neutralized formulas")
    func spreadsheetLayout() throws {
        let text = String(decoding: try Self.populated().export(.csv), as: UTF8.self)
        #expect(text.hasPrefix("\u{FEFF}Member ID,Pass ID,Name,Added,Visits,Last visit,E-mail,Status,Expires,Note,Plan,Visits left,Household,Birthday,Sync\n"))
        #expect(text.contains(",'=SUM(A1:A9),"))
        #expect(text.contains(",'+44 20,"))
        #expect(text.contains(",'@cmd,"))
        #expect(text.contains(",''quoted,"))
        #expect(!text.contains(",=SUM"))
    }

    @Test("--clubkit leaves out tombstones and memberdesk's extras")
    func clubKitExport() throws {
        let terminal = try Self.populated()
        let musrl = String(decoding: try terminal.export(.musrl, clubKit: true), as: UTF8.self)
        #expect(!musrl.contains("memberdesk"))
        #expect(!musrl.contains("slash"))  // the deleted member
        let objects = try #require(JSONSerialization.jsonObject(with: Data(musrl.utf8)) as? [[String: Any]])
        #expect(objects.count == Self.trickyNames.count - 1)
        for object in objects {
            for key in MembershipUser.baseFieldNames where key != "username" { #expect(object[key] != nil) }
        }
        // ClubKit's own model decodes it.
        let users = try JSONDecoder().decode([CustomMembershipUser].self, from: Data(musrl.utf8))
        #expect(users.count == objects.count)
        let mucsv = String(decoding: try terminal.export(.mucsv, clubKit: true), as: UTF8.self)
        #expect(mucsv.hasPrefix("memberId,passId,username,timeStampAdded,numVisits,timeStampOfLastVisit,userEmailAddress\n"))
        #expect(!mucsv.hasSuffix("\n"))
    }

    // MARK: ClubKit's own files

    static func clubKitUsers() -> [CustomMembershipUser] {
        [
            CustomMembershipUser(memberId: "A-1", passId: "04AABBCC", username: "Zoë / Ünal", userEmailAddress: "z@x.org",
                                 timeStampAdded: 1_767_225_600.25, numVisits: 3, timeStampOfLastVisit: 1_767_300_000.5),
            CustomMembershipUser(memberId: "B-2", passId: "pass-2", username: nil, userEmailAddress: nil,
                                 timeStampAdded: 1_767_225_700, numVisits: 0, timeStampOfLastVisit: 0),
        ]
    }

    @Test("a .musrl exactly as ClubKit's JSONEncoder writes it imports, and re-importing is idempotent")
    func clubKitMusrl() throws {
        let data = try JSONEncoder().encode(Self.clubKitUsers())  // compact, `/` escaped as `\/`
        #expect(String(decoding: data, as: UTF8.self).contains("\\/"))
        let terminal = try SyncTestTerminal(id: "T1")
        let counts = try terminal.importBytes(Array(data))
        #expect(counts.new == 2)
        let zoe = try #require(try terminal.database.member(id: "A-1"))
        #expect(zoe.username == "Zoë / Ünal")
        #expect(zoe.numVisits == 3)
        #expect(zoe.timeStampAdded == 1_767_225_600.25)
        #expect(zoe.fields["userEmailAddress"] == .string("z@x.org"))
        #expect(try terminal.database.visitCounters(memberId: "A-1") == ["clubkit": 3])
        #expect(try terminal.database.member(id: "B-2")?.username == nil)
        let before = try terminal.state()
        #expect(try terminal.importBytes(Array(data)).unchanged == 2)
        #expect(try terminal.state() == before)
    }

    @Test("ClubKit's reader takes numbers given as strings; so does ours")
    func numbersAsStrings() throws {
        let json = #"[{"numVisits":"7","timeStampOfLastVisit":"1767300000.5","passId":"P","memberId":"M","timeStampAdded":"1767225600","username":null,"shoeSize":42}]"#
        let terminal = try SyncTestTerminal(id: "T1")
        try terminal.importBytes(Array(json.utf8))
        let member = try #require(try terminal.database.member(id: "M"))
        #expect(member.numVisits == 7)
        #expect(member.timeStampOfLastVisit == 1_767_300_000.5)
        #expect(member.fields["shoeSize"] == .int(42))  // an unknown subclass field is kept
        let again = String(decoding: try terminal.export(.musrl), as: UTF8.self)
        #expect(again.contains("\"shoeSize\":42"))
    }

    @Test("subclass fields unknown to this terminal, typed and with quotes, survive a .mucsv and a .csv round trip",
          arguments: [ExchangeFormat.mucsv, .csv])
    func unknownFieldsInCSVExtras(format: ExchangeFormat) throws {
        let json = #"[{"numVisits":1,"timeStampOfLastVisit":1767300000,"passId":"P","memberId":"M","timeStampAdded":1767225600,"username":"Q","shoeSize":42,"motto":"say \"hi\", \/ go","tags":["a\"b",{"k":null}]}]"#
        let source = try SyncTestTerminal(id: "T1")
        try source.importBytes(Array(json.utf8))
        let target = try SyncTestTerminal(id: "T2")
        try target.importBytes(try source.export(format), format)
        let member = try #require(try target.database.member(id: "M"))
        #expect(member.fields["shoeSize"] == .int(42))
        #expect(member.fields["motto"] == .string("say \"hi\", / go"))
        #expect(member.fields["tags"] == .array([.string("a\"b"), .object(["k": .null])]))
        // A CSV has a column for every known field, so the email comes back as an explicit null.
        func withoutNulls(_ member: MemberRecord?) -> MemberRecord? {
            member.map { var m = $0; m.fields = m.fields.filter { $0.value != .null }; return m }
        }
        #expect(withoutNulls(member) == withoutNulls(try source.database.member(id: "M")))
        #expect(try target.database.visitCounters(memberId: "M") == (try source.database.visitCounters(memberId: "M")))
    }

    /// ClubKit's CSV layout: the header, LF, values written raw, `<null>` for nil, no trailing newline.
    static func clubKitCSV(_ users: [CustomMembershipUser], lineEnd: String = "\n") -> String {
        let header = CustomMembershipUser.variableNamesAsStrings().joined(separator: ",")
        let rows = users.map { u in
            [u.memberId, u.passId, u.username ?? "<null>", "\(u.timeStampAdded)", "\(u.numVisits)",
             "\(u.timeStampOfLastVisit)", u.userEmailAddress ?? "<null>"].joined(separator: ",")
        }
        return ([header] + rows).joined(separator: lineEnd)
    }

    @Test("a .mucsv as ClubKit writes it imports, also with CRLF, a BOM and a trailing newline",
          arguments: ["plain", "crlf", "bom", "trailing"])
    func clubKitCSV(variant: String) throws {
        var text = Self.clubKitCSV(Self.clubKitUsers(), lineEnd: variant == "crlf" ? "\r\n" : "\n")
        if variant == "bom" { text = "\u{FEFF}" + text }
        if variant == "trailing" { text += "\n" }
        let terminal = try SyncTestTerminal(id: "T1")
        #expect(try terminal.importBytes(Array(text.utf8), .mucsv).new == 2)
        let zoe = try #require(try terminal.database.member(id: "A-1"))
        #expect(zoe.username == "Zoë / Ünal")
        #expect(zoe.numVisits == 3)
        #expect(zoe.timeStampAdded == 1_767_225_600.25)
        #expect(try terminal.database.member(id: "B-2")?.username == nil)
        #expect(try terminal.database.member(id: "B-2")?.fields["userEmailAddress"] ?? .null == .null)
    }

    @Test("a quoted \"<null>\" is the text, an unquoted one is nil")
    func quotedNull() throws {
        let text = "memberId,passId,username,timeStampAdded,numVisits,timeStampOfLastVisit\nM,P,\"<null>\",1,0,0"
        let terminal = try SyncTestTerminal(id: "T1")
        try terminal.importBytes(Array(text.utf8), .mucsv)
        #expect(try terminal.database.member(id: "M")?.username == "<null>")
    }

    @Test("RFC 4180: quotes, doubled quotes, embedded line ends, empty fields")
    func rfc4180() throws {
        let reader = RFC4180Reader(reader: ByteReader(bytes: Array("a,\"b,\"\"c\"\"\r\nd\",,e\r\n\r\nx,y,z,w".utf8)))
        let first = try #require(try reader.nextRecord())
        #expect(first.fields == ["a", "b,\"c\"\r\nd", "", "e"])
        #expect(first.quoted == [false, true, false, false])
        #expect(first.line == 1)
        let second = try #require(try reader.nextRecord())
        #expect(second.fields == ["x", "y", "z", "w"])
        #expect(second.line == 4)
        #expect(try reader.nextRecord() == nil)
    }
}
