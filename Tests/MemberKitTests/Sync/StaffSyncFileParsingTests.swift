import Foundation
@testable import MemberKit
import Testing

/// The staff.json and audit-line parsers on the kinds of input their fuzz targets
/// (Fuzz/StaffSyncFile, Fuzz/AuditSyncFile) explore: each bad file is refused whole with a
/// one-line reason, and what is kept is written back and read again as the same.
@Suite struct StaffSyncFileParsingTests {
    static let hash = "$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"

    static func staff(_ versions: String, terminal: String = "T-1") -> [UInt8] {
        Array(#"{"terminalId":"\#(terminal)","staff":[\#(versions)]}"#.utf8)
    }

    static func version(name: String = "Mia", card: String? = nil, modifiedAt: String = "2") -> String {
        let card = card.map { #","card":"\#($0)""# } ?? ""
        return #"{"name":"\#(name)","role":"desk","pinHash":"\#(hash)","addedAt":1,"modifiedAt":\#(modifiedAt),"modifiedBy":"T-1"\#(card)}"#
    }

    @Test(arguments: [
        ("", "not a staff file"),
        (#"{"terminalId":"T-2","staff":[]}"#, "written for another desk"),
        ("[\(version()),\(version(name: "MIA"))]", "operator MIA twice"),
        ("[\(version(card: "04:aa:bb:cc"))]", "bad card"),
        ("[\(version(modifiedAt: "1e999"))]", "not a staff file"),
        ("[\(version(name: " Mia"))]", "name is not valid"),
    ])
    func refusesABadStaffFileWhole(body: String, reason: String) {
        let bytes = body.hasPrefix("[") ? Self.staff(String(body.dropFirst().dropLast())) : Array(body.utf8)
        do {
            _ = try StaffSyncFile.parse(bytes, from: "T-1", path: "staff.json")
            Issue.record("accepted: \(body)")
        } catch {
            #expect("\(error)".contains(reason), "\(error)")
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test func keptOperatorsRoundTrip() throws {
        let accounts = try StaffSyncFile.parse(Self.staff("\(Self.version(card: "04AABBCC")),\(Self.version(name: "Bo"))"),
                                               from: "T-1", path: "staff.json")
        #expect(accounts.map(\.name) == ["Mia", "Bo"])
        #expect(try StaffSyncFile.parse(StaffSyncFile.bytes(terminalId: "T-1", accounts), from: "T-1", path: "staff.json") == accounts)
    }

    static func line(id: String = "E1", desk: String = "T-1", method: String = "tap", time: String = "5", action: String = "visit") -> String {
        #"{"entryId":"\#(id)","time":\#(time),"deskId":"\#(desk)","desk":"Front","operator":null,"method":"\#(method)","action":"\#(action)","memberId":"M1","detail":{"pass":"P1"}}"#
    }

    /// A conflict names the kept edit's desk, but any desk that met it carries it; nothing else
    /// of another desk's is taken from a desk's file.
    @Test func aConflictTravelsInAnyDesksFile() throws {
        let carried = Self.line(desk: "T-9", method: "sync", action: "conflict")
        #expect(try AuditSyncFile.parse(Array(carried.utf8), from: "T-1", path: "audit.jsonl").map(\.deskId) == ["T-9"])
        #expect(throws: SyncError.self) {
            try AuditSyncFile.parse(Array(Self.line(desk: "T-9", method: "sync", action: "edit").utf8), from: "T-1", path: "audit.jsonl")
        }
    }

    @Test func auditLinesAreCheckedOneByOne() throws {
        let good = try AuditSyncFile.parse(Array((Self.line() + "\n\n" + Self.line(id: "E2", method: "telepathy") + "\n").utf8),
                                           from: "T-1", path: "audit.jsonl")
        // A method this memberdesk does not know (a newer desk's) is skipped, not refused.
        #expect(good.map(\.entryId) == ["E1"])
        #expect(try AuditSyncFile.parse(AuditSyncFile.bytes(good), from: "T-1", path: "audit.jsonl") == good)
        for (bad, reason) in [(Self.line(desk: "T-9"), "another desk's entry"),
                              (Self.line(id: String(repeating: "x", count: 65)), "bad id or time"),
                              (Self.line(id: ""), "bad id or time"),
                              ("{" + Self.line(), "line 2 is not an audit entry")] {
            let text = Self.line(id: "E0") + "\n" + bad
            #expect(throws: SyncError.self) { try AuditSyncFile.parse(Array(text.utf8), from: "T-1", path: "audit.jsonl") }
            do { _ = try AuditSyncFile.parse(Array(text.utf8), from: "T-1", path: "audit.jsonl") } catch {
                #expect("\(error)".contains(reason), "\(error)")
            }
        }
    }
}
