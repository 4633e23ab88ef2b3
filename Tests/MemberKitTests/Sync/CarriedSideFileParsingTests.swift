import FolderSync
import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// The side files' rule for a desk's carried desks (format 2, `SideFileFormat`): in desk W's file,
/// an entry is taken when it bears W's stamp in W's own list, or the stamp of the desk X it is listed
/// under in `carried` (`audit-carried-X.jsonl` for the audit record). Anything else refuses the
/// whole file with one line, as does a later format; a format-1 file reads as before.
@Suite struct CarriedSideFileParsingTests {
    static let hash = StaffSyncFileParsingTests.hash

    static func version(_ name: String, by desk: String) -> String {
        #"{"name":"\#(name)","role":"desk","pinHash":"\#(hash)","addedAt":1,"modifiedAt":2,"modifiedBy":"\#(desk)"}"#
    }

    static func staffFile(own: [String], carried: String = "", format: String = #""format":2,"#) -> String {
        #"{\#(format)"terminalId":"T-1","staff":[\#(own.joined(separator: ","))]\#(carried.isEmpty ? "" : ",\"carried\":{\(carried)}")}"#
    }

    static func refusal(_ parse: () throws -> Any) -> String? {
        do { _ = try parse(); return nil } catch { return "\(error)" }
    }

    @Test func aStaffFileCarriesTheVersionsOfTheDesksItTookOver() throws {
        let bytes = Array(Self.staffFile(own: [Self.version("Mia", by: "T-1")], carried: #""T-0":[\#(Self.version("Bo", by: "T-0"))]"#).utf8)
        let accounts = try StaffSyncFile.parse(bytes, from: "T-1", path: "staff.json")
        #expect(accounts.map { "\($0.name) \($0.modifiedBy)" } == ["Mia T-1", "Bo T-0"])
        // Written back, the same file: own versions, then those carried, under their desk.
        let own = accounts.filter { $0.modifiedBy == "T-1" }, carried = ["T-0": accounts.filter { $0.modifiedBy == "T-0" }]
        let written = StaffSyncFile.bytes(terminalId: "T-1", own, carried: carried)
        #expect(try StaffSyncFile.parse(written, from: "T-1", path: "staff.json") == accounts)
        #expect(String(decoding: written, as: UTF8.self).contains(#""format":2"#))
        // A desk that carries nothing writes format 1, as before: no format, no carried.
        let plain = String(decoding: StaffSyncFile.bytes(terminalId: "T-1", own), as: UTF8.self)
        #expect(!plain.contains("format") && !plain.contains("carried"))
        #expect(try StaffSyncFile.parse(Array(Self.staffFile(own: [Self.version("Mia", by: "T-1")], format: "").utf8), from: "T-1", path: "staff.json") == own)
    }

    @Test(arguments: [
        // Another desk's version in the file's own list: the writer does not say it carries that desk.
        (staffFile(own: [version("Mia", by: "T-0")]), "operator Mia: stamped by another desk"),
        // Listed under a carried desk but stamped by a third.
        (staffFile(own: [], carried: #""T-0":[\#(version("Bo", by: "T-5"))]"#), "operator Bo: stamped by another desk"),
        (staffFile(own: [], carried: #""T-1":[\#(version("Bo", by: "T-1"))]"#), "carries its own desk"),
        (staffFile(own: [], carried: #""../x":[]"#), "not a desk's id"),
        (staffFile(own: [version("Bo", by: "T-1")], carried: #""T-0":[\#(version("BO", by: "T-0"))]"#), "operator BO twice"),
        (staffFile(own: [], format: #""format":3,"#), "written by a newer memberdesk (format 3; this one reads up to 2)"),
        (staffFile(own: [], format: #""format":0,"#), "format 0 is not a format"),
    ])
    func aStaffFileIsRefusedWhole(file: String, reason: String) {
        let refused = Self.refusal { try StaffSyncFile.parse(Array(file.utf8), from: "T-1", path: "staff.json") }
        #expect(refused?.contains(reason) == true, "\(refused ?? "accepted")")
        #expect(refused?.contains("\n") == false)
    }

    static func countersFile(own: String, carried: String = "", format: Int = 2) -> [UInt8] {
        Array(#"{"format":\#(format),"terminalId":"T-1","counters":[\#(own)]\#(carried.isEmpty ? "" : ",\"carried\":{\(carried)}")}"#.utf8)
    }

    static let tag = #"{"uid":"04AA000000A001","counter":7,"recent":[6,7]}"#

    @Test func aCountersFileCarriesEachDesksRegisterUnderItsId() throws {
        let entries = try SecureCounterFile.parse(Self.countersFile(own: Self.tag, carried: #""T-0":[\#(Self.tag)]"#), from: "T-1", path: "f")
        #expect(entries.map(\.terminalId) == ["T-1", "T-0"])
        let written = SecureCounterFile.bytes(terminalId: "T-1", entries.filter { $0.terminalId == "T-1" },
                                              carried: ["T-0": entries.filter { $0.terminalId == "T-0" }])
        #expect(try SecureCounterFile.parse(written, from: "T-1", path: "f") == entries)
        #expect(!String(decoding: SecureCounterFile.bytes(terminalId: "T-1", entries), as: UTF8.self).contains("format"))
        for (bytes, reason) in [(Self.countersFile(own: "", carried: #""T-0":[\#(Self.tag),\#(Self.tag)]"#), "tag 04AA000000A001 twice"),
                                (Self.countersFile(own: "", carried: #""T-1":[]"#), "carries its own desk"),
                                (Self.countersFile(own: "", format: 3), "written by a newer memberdesk")] {
            let refused = Self.refusal { try SecureCounterFile.parse(bytes, from: "T-1", path: "f") }
            #expect(refused?.contains(reason) == true, "\(refused ?? "accepted")")
        }
    }

    static func claim(_ digit: Character) -> String { #"{"digest":"\#(String(repeating: digit, count: 64))","keepUntil":9}"# }

    @Test func aClaimsFileCarriesEachDesksClaimsUnderItsId() throws {
        func file(_ own: String, _ carried: String, format: Int = 2) -> [UInt8] {
            Array(#"{"format":\#(format),"terminalId":"T-1","claims":[\#(own)],"carried":{\#(carried)}}"#.utf8)
        }
        let claims = try WalletClaimFile.parse(file(Self.claim("a"), #""T-0":[\#(Self.claim("b"))]"#), from: "T-1", path: "f")
        #expect(claims.map(\.terminalId) == ["T-1", "T-0"])
        let written = WalletClaimFile.bytes(terminalId: "T-1", [claims[0]], carried: ["T-0": [claims[1]]])
        #expect(try WalletClaimFile.parse(written, from: "T-1", path: "f") == claims)
        // One digest is one claim in a file, whichever desk lists it.
        for (bytes, reason) in [(file(Self.claim("a"), #""T-0":[\#(Self.claim("a"))]"#), "digest aaaaaaaaaaaaaaaa twice"),
                                (file("", #""T-1":[]"#), "carries its own desk"),
                                (file("", "", format: 9), "written by a newer memberdesk (format 9")] {
            let refused = Self.refusal { try WalletClaimFile.parse(bytes, from: "T-1", path: "f") }
            #expect(refused?.contains(reason) == true, "\(refused ?? "accepted")")
        }
    }

    @Test func aCarriedDesksAuditFileHoldsThatDesksEntriesOnly() throws {
        let line = StaffSyncFileParsingTests.line
        let name = AuditSyncFile.carriedName(of: "T-0")
        #expect(name == "audit-carried-T-0.jsonl" && AuditSyncFile.carriedDesk(ofName: name) == "T-0")
        #expect(AuditSyncFile.range(ofName: name) == nil && AuditSyncFile.isAuditFile(name))
        #expect(AuditSyncFile.carriedDesk(ofName: "audit-carried-../x.jsonl") == nil)
        let entries = try AuditSyncFile.parse(Array((line("E1", "T-0", "tap", "5", "visit") + "\n").utf8), file: name, in: "T-1", path: name)
        #expect(entries.map(\.deskId) == ["T-0"])
        // The writer's own entries are in its own files; a third desk's are no desk's it carries.
        for (desk, file, reason) in [("T-1", name, "another desk's entry"), ("T-5", name, "another desk's entry"),
                                     ("T-1", AuditSyncFile.carriedName(of: "T-1"), "carries its own desk")] {
            let bytes = Array(line("E2", desk, "tap", "5", "visit").utf8)
            let refused = Self.refusal { try AuditSyncFile.parse(bytes, file: file, in: "T-1", path: file) }
            #expect(refused?.contains(reason) == true, "\(refused ?? "accepted")")
        }
    }

    /// A refused file changes nothing: a carried list naming a third desk's versions leaves the
    /// reader's operators as they were, and the pass reports it in one line.
    @Test func aRefusedCarriedFileChangesNoData() throws {
        let folder = NSTemporaryDirectory() + "carried-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/T-1", withIntermediateDirectories: true)
        let bad = Self.staffFile(own: [Self.version("Mia", by: "T-1")], carried: #""T-0":[\#(Self.version("Bo", by: "T-5"))]"#)
        try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/T-1/staff.json"))
        let reader = try SyncTestTerminal(id: "T-2")
        let pass = try StaffSync(database: reader.database, terminal: reader.club.terminal, folder: SyncFolder(path: folder, files: LocalSyncFolderFiles()), clock: reader.club.clock).pass()
        #expect(pass.errors.count == 1 && pass.errors.allSatisfy { $0.contains("stamped by another desk") && !$0.contains("\n") })
        #expect(try reader.database.staff(includingRemoved: true).isEmpty)
    }
}
