import Foundation
import MemberKit
import Testing

/// Issue #46 item 10: a new member in one command, and an empty config file.
@Suite struct OneCommandMemberTests {
    @Test func addTakesExpiryAndNote() async throws {
        let desk = try InProcessDesk()
        let added = await desk.run(["members", "add", "--pass", "K-1", "--name", "Kenji Sato", "--expires", "2099-01-31",
                                    "--note", "Belay check done", "--json"])
        #expect(added.status == 0 && added.stderr.isEmpty, "\(added)")
        let shown = await desk.run(["members", "show", "K-1", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(object["note"] as? String == "Belay check done")
        // Through the end of that local day, as `members edit --expires` keeps it.
        let expected = try #require(try MemberFieldRules.expiry("2099-01-31", calendar: .current))
        #expect(object["expiresAt"] as? Double == expected)
        let text = await desk.run(["members", "show", "K-1"])
        #expect(text.stdout.contains("Belay check done") && text.stdout.contains("2099-01-31"), "\(text.stdout)")
    }

    @Test func aBadExpiryOrNoteAddsNobody() async throws {
        let desk = try InProcessDesk()
        let badDay = await desk.run(["members", "add", "--pass", "K-1", "--expires", "31.01.2099"])
        #expect(badDay.status == 64 && badDay.stdout.isEmpty && badDay.stderr.hasPrefix("memberdesk: --expires "), "\(badDay)")
        let badNote = await desk.run(["members", "add", "--pass", "K-1", "--note", "two\nlines"])
        #expect(badNote.status == 64 && badNote.stderr.contains("--note"), "\(badNote)")
        #expect(await desk.run(["members", "list", "--json"]) == .init(status: 0, stdout: "", stderr: ""))
    }

    @Test func anEmptyConfigFileMeansTheDefaults() async throws {
        let desk = try InProcessDesk()
        let defaults = await desk.run(["config", "show"])
        #expect(defaults.status == 0)
        let empty = await desk.run(["config", "show"], config: "/dev/null")
        // The same keys and values; only the first line, which names the file, differs.
        #expect(empty.status == 0 && empty.stderr.isEmpty, "\(empty.stderr)")
        #expect(empty.stdout.split(separator: "\n").first == "# config file: /dev/null")
        #expect(empty.stdout.split(separator: "\n").dropFirst() == defaults.stdout.split(separator: "\n").dropFirst())
        #expect(await desk.run(["checkin", "P1"], config: "/dev/null").status == 0)
    }
}
