import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

@Suite("Bad exchange files")
struct BadFileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var format: ExchangeFormat
        var expected: String
        var testDescription: String { name }
    }

    static let good = #"{"memberId":"G","passId":"PG","username":"ok","timeStampAdded":1,"numVisits":1,"timeStampOfLastVisit":2}"#
    static let header = "memberId,passId,username,timeStampAdded,numVisits,timeStampOfLastVisit\n"

    static let cases: [Case] = [
        Case(name: "not JSON", bytes: Array("hello".utf8), format: .musrl, expected: "(line 1): not JSON"),
        Case(name: "not an array", bytes: Array(good.utf8), format: .musrl, expected: "JSON object, not an array"),
        Case(name: "empty file", bytes: [], format: .musrl, expected: "empty"),
        Case(name: "an element that is not an object", bytes: Array("[\(good),\n42]".utf8), format: .musrl,
             expected: "(member 2, line 2): a member must be a JSON object"),
        Case(name: "wrong type", bytes: Array("[\(good),\n\(good.replacingOccurrences(of: "\"G\"", with: "\"H\"").replacingOccurrences(of: "\"numVisits\":1", with: "\"numVisits\":true"))]".utf8),
             format: .musrl, expected: "(member 2, line 2): numVisits must be a whole number"),
        Case(name: "missing memberId", bytes: Array("[\(good.replacingOccurrences(of: "\"memberId\":\"G\",", with: ""))]".utf8),
             format: .musrl, expected: "(member 1, line 1): missing memberId"),
        Case(name: "duplicate memberIds", bytes: Array("[\(good),\n\(good.replacingOccurrences(of: "PG", with: "PX"))]".utf8),
             format: .musrl, expected: "(member 2, line 2): duplicate memberId G"),
        Case(name: "truncated", bytes: Array("[\(good),\n{\"memberId\":\"X".utf8), format: .musrl, expected: "unterminated JSON string"),
        Case(name: "trailing garbage", bytes: Array("[\(good)] x".utf8), format: .musrl, expected: "unexpected data after"),
        Case(name: "invalid UTF-8 in .musrl", bytes: Array("[\(good),\n{\"memberId\":\"".utf8) + [0xC3, 0x28] + Array("\"}]".utf8),
             format: .musrl, expected: "line 2): invalid UTF-8"),
        Case(name: "deep nesting", bytes: Array(String(repeating: "[", count: 100_000).utf8), format: .musrl,
             expected: "nested more than"),
        Case(name: "ragged CSV row", bytes: Array((header + "A,PA,a,1,0,0\nB,PB,b,1,0\nC,PC,c,1,0,0").utf8), format: .mucsv,
             expected: "(member 2, line 3): 5 fields, but the header has 6"),
        Case(name: "CSV without ClubKit's header", bytes: Array("a,b,c\n1,2,3".utf8), format: .mucsv, expected: "the header lacks memberId"),
        Case(name: "CSV wrong type", bytes: Array((header + "A,PA,a,yesterday,0,0").utf8), format: .mucsv,
             expected: "(member 1, line 2): timeStampAdded must be a number"),
        Case(name: "CSV duplicate memberIds", bytes: Array((header + "A,PA,a,1,0,0\nA,PB,b,1,0,0").utf8), format: .mucsv,
             expected: "(member 2, line 3): duplicate memberId A"),
        Case(name: "CSV unterminated quote", bytes: Array((header + "A,PA,\"a,1,0,0").utf8), format: .mucsv,
             expected: "unterminated quoted field"),
        Case(name: "invalid UTF-8 in CSV", bytes: Array((header + "A,PA,").utf8) + [0xFF, 0xFE] + Array(",1,0,0".utf8), format: .mucsv,
             expected: "line 2): invalid UTF-8"),
        Case(name: "a bad passSince in the extras",
             bytes: Array("[\(good.dropLast()),\"memberdesk\":{\"modifiedAt\":1,\"modifiedBy\":\"T\",\"passSince\":\"soon\"}}]".utf8),
             format: .musrl, expected: "(member 1, line 1): passSince must be a number or null"),
        Case(name: "spreadsheet CSV bad time", bytes: Array("Member ID,Pass ID,Added,Visits\nA,P,soon,1".utf8), format: .csv,
             expected: "Added 'soon' is not a date: use YYYY-MM-DD or an ISO-8601 time"),
    ]

    @Test("a bad file gives a clear error naming the place, and writes nothing", arguments: cases)
    func rejected(_ bad: Case) throws {
        let terminal = try SyncTestTerminal(id: "T1")
        try terminal.club.addMember(passId: "04000001", username: "Existing")
        let before = try terminal.state()
        let bus = EventBus()
        let subscription = bus.subscribe()
        #expect {
            try MergeApplier(database: terminal.database, bus: bus).apply(.bytes(bad.bytes, format: bad.format, name: "bad.file"))
        } throws: { error in
            let text = "\(error)"
            return (error as? ExchangeError) != nil && text.hasPrefix("bad.file") && text.contains(bad.expected)
        }
        #expect(try terminal.state() == before)
        let event = subscription.drain().first
        guard case .error(let notice)? = event else {
            Issue.record("expected an .error event, got \(String(describing: event))")
            return
        }
        #expect(notice.source == "import")
    }

    @Test("the format comes from the extension, and --format overrides it")
    func formatByExtension() throws {
        #expect(try ExchangeFormat(path: "/x/list.MUSRL") == .musrl)
        #expect(try ExchangeFormat(path: "list.mucsv") == .mucsv)
        #expect(try ExchangeFormat(path: "list.csv") == .csv)
        #expect(try ExchangeFormat(path: "list.txt", override: .mucsv) == .mucsv)
        #expect(throws: ExchangeError.self) { try ExchangeFormat(path: "list.txt") }
    }
}
