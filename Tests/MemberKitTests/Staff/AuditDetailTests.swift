import Foundation
@testable import MemberKit
import Testing

/// The audit detail's hand-written JSON is JSONEncoder's text (keys sorted, `/` not escaped), and
/// reads back as it was, whatever the strings hold.
@Suite struct AuditDetailTests {
    static let samples: [[String: String]] = [
        ["pass": "04112233"],
        ["field": "status", "before": "active", "after": "suspended"],
        ["name": "Zoë \"Z\" O'Neil / 山田", "note": "line 1\nline 2\ttab\\back\r"],
        ["ctl": "\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}", "emoji": "👩‍👩‍👧 \u{2028}"],
        ["": ""],
    ]

    @Test(arguments: samples)
    func matchesJSONEncoderAndRoundTrips(detail: [String: String]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(detail), as: UTF8.self)
        #expect(AuditDetail.encode(detail) == expected)
        #expect(AuditDetail.decode(AuditDetail.encode(detail)) == detail)
    }
}
