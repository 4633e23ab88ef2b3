import Foundation
import MemberDeskTestSupport
import Testing

/// Issue #45 item 1 through the binary: two desks, one folder, faketime. Edits of different
/// fields of one member at two desks both survive a sync; the same field edited at both is a
/// conflict that `sync now`, `sync status` and the audit record name.
@Suite("Field-by-field merge through a sync folder", .serialized)
struct FieldMergeSyncTests {
    /// Two desks sharing a folder, Mark known to both.
    static func desks() throws -> (folder: TemporaryDirectory, front: DeskBinary, back: DeskBinary) {
        let folder = try TemporaryDirectory()
        let front = try DeskBinary(), back = try DeskBinary()
        try front.writeConfig("terminal_name = \"Front desk\"\ndebounce_seconds = 0\n[sync]\nfolder = \"\(folder.path)\"\n")
        try back.writeConfig("terminal_name = \"Back desk\"\ndebounce_seconds = 0\n[sync]\nfolder = \"\(folder.path)\"\n")
        let add = try front.run(["members", "add", "--pass", "04A23C99", "--name", "Mark O'Brien", "--email", "mark@old.example"],
                                at: "2026-12-01 09:00:00")
        try #require(add.status == 0, "\(add)")
        try sync([front, back], at: "2026-12-01 09:01:00")
        return (folder, front, back)
    }

    static func sync(_ desks: [DeskBinary], at time: String) throws {
        for desk in desks {
            let pass = try desk.run(["sync", "now"], at: time)
            try #require(pass.status == 0, "\(pass)")
        }
    }

    static func mark(_ desk: DeskBinary) throws -> String {
        try desk.run(["members", "show", "04A23C99", "--json"], at: "2026-12-01 11:00:00").stdout
    }

    @Test("a suspension at Front desk survives an e-mail edit at Back desk: Mark stays suspended, note kept, tap refused")
    func suspensionSurvivesAnUnrelatedEdit() throws {
        let (folder, front, back) = try Self.desks()
        defer { withExtendedLifetime(folder) {} }
        let suspend = try front.run(["members", "edit", "04A23C99", "--status", "suspended", "--note", "Card bounced"],
                                    at: "2026-12-01 10:00:00")
        try #require(suspend.status == 0, "\(suspend)")
        let email = try back.run(["members", "edit", "04A23C99", "--email", "mark@new.example"], at: "2026-12-01 10:05:00")
        try #require(email.status == 0, "\(email)")
        var said: [String] = []
        for desk in [front, back, front, back] {
            let pass = try desk.run(["sync", "now"], at: "2026-12-01 10:10:00")
            #expect(pass.status == 0, "\(pass)")
            said.append(pass.stdout)
        }
        #expect(!said.joined().contains("conflict:"), "different fields are no conflict: \(said)")
        for desk in [front, back] {
            let shown = try Self.mark(desk)
            #expect(shown.contains(#""status":"suspended""#), "\(shown)")
            #expect(shown.contains("Card bounced"), "\(shown)")
            #expect(shown.contains("mark@new.example"), "\(shown)")
            let tap = try desk.run(["checkin", "04A23C99"], at: "2026-12-01 10:20:00")
            #expect(!tap.stdout.contains("Welcome"), "a suspended member is let in: \(tap)")
            #expect(tap.stdout.lowercased().contains("suspended"), "\(tap)")
        }
    }

    @Test("the e-mail edited at both desks before they synced: Back desk's kept, and both desks say so")
    func sameFieldOnBothDesksIsAConflict() throws {
        let (folder, front, back) = try Self.desks()
        defer { withExtendedLifetime(folder) {} }
        try #require(try front.run(["members", "edit", "04A23C99", "--email", "mark@front.example"], at: "2026-12-01 10:00:00").status == 0)
        try #require(try back.run(["members", "edit", "04A23C99", "--email", "mark@back.example"], at: "2026-12-01 10:05:00").status == 0)
        let line = "Mark O'Brien: e-mail edited on Front desk and Back desk; Back desk's kept"
        let first = try front.run(["sync", "now"], at: "2026-12-01 10:10:00")
        let second = try back.run(["sync", "now"], at: "2026-12-01 10:10:30")
        let third = try front.run(["sync", "now"], at: "2026-12-01 10:11:00")
        #expect(first.status == 0 && second.status == 0 && third.status == 0)
        // Front reads Back's edit on its second pass (Back had written nothing new before).
        #expect((first.stdout + third.stdout).contains("conflict: " + line), "\(first.stdout)\n\(third.stdout)")
        #expect(second.stdout.contains("conflict: " + line), "\(second.stdout)")
        let json = try back.run(["sync", "now", "--json"], at: "2026-12-01 10:12:00")
        #expect(json.status == 0, "\(json)")
        try Self.sync([front, back], at: "2026-12-01 10:13:00")
        for desk in [front, back] {
            #expect(try Self.mark(desk).contains("mark@back.example"))
            let status = try desk.run(["sync", "status"], at: "2026-12-01 10:14:00")
            #expect(status.stdout.contains("conflict: " + line), "\(status.stdout)")
            let statusJSON = try desk.run(["sync", "status", "--json"], at: "2026-12-01 10:14:00")
            #expect(statusJSON.stdout.contains(#""conflicts":["Mark O'Brien: e-mail edited on Front desk and Back desk; Back desk's kept"]"#),
                    "\(statusJSON.stdout)")
        }
        // One conflict entry, the same on both desks, with the value it overwrote.
        let audits = try [front, back].map { desk in
            try desk.run(["audit", "--action", "conflict", "--json"], at: "2026-12-01 10:15:00").stdout
                .split(separator: "\n").map(String.init)
        }
        #expect(audits[0].count == 1 && audits[0] == audits[1], "\(audits)")
        #expect(audits[0].first?.contains("mark@front.example") == true, "\(audits)")
    }
}
