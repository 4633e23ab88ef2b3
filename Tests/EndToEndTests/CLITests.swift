import Foundation
import MemberDeskTestSupport
import Testing

/// The CLI end to end, through the built binary, on a scratch XDG home.
@Suite struct CLITests {
    private func json(_ text: String) throws -> [String: Any] {
        let line = try #require(text.split(separator: "\n").first)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func membersLifecycleAndCheckIn() throws {
        let desk = try DeskBinary()
        let added = try desk.run(["members", "add", "--pass", "04:a2:3b:1c", "--name", "Ann Lee", "--email", "ann@x.org", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let member = try json(added.stdout)
        let memberId = try #require(member["memberId"] as? String)
        #expect(member["passId"] as? String == "04A23B1C")
        #expect(member["userEmailAddress"] as? String == "ann@x.org")
        #expect(UUID(uuidString: memberId) != nil)

        // First run created the database with mode 0600.
        let attributes = try FileManager.default.attributesOfItem(atPath: desk.databasePath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let first = try desk.run(["checkin", "04a23b1c", "--json"])
        #expect(first.status == 0)
        let outcome = try json(first.stdout)
        #expect(outcome["outcome"] as? String == "checkedIn")
        #expect(outcome["memberId"] as? String == memberId)
        #expect(outcome["username"] as? String == "Ann Lee")
        #expect(outcome["numVisits"] as? Int == 1)
        #expect(outcome["passId"] as? String == "04A23B1C")

        let again = try desk.run(["checkin", "04A23B1C"])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("Already checked in"))

        let edit = try desk.run(["members", "edit", memberId, "--status", "suspended", "--note", "card lost"])
        #expect(edit.status == 0, "\(edit.stderr)")
        let refused = try desk.run(["checkin", "04A23B1C", "--json"])
        #expect(refused.status == 3)
        #expect(try json(refused.stdout)["outcome"] as? String == "refused")

        let show = try desk.run(["members", "show", "04A23B1C", "--json"])
        let shown = try json(show.stdout)
        #expect(shown["status"] as? String == "suspended" && shown["note"] as? String == "card lost")
        #expect(shown["numVisits"] as? Int == 1)

        let list = try desk.run(["members", "list", "--search", "ann", "--json"])
        #expect(list.stdout.split(separator: "\n").count == 1)
        let table = try desk.run(["members", "list"])
        #expect(table.stdout.hasPrefix("Name "))
        #expect(table.stdout.contains("Email") && table.stdout.contains("Ann Lee"))

        let delete = try desk.run(["members", "delete", memberId, "--yes"])
        #expect(delete.status == 0)
        #expect(try desk.run(["members", "list", "--json"]).stdout.isEmpty)
        let gone = try desk.run(["members", "show", memberId])
        #expect(gone.status == 1 && gone.stderr.hasPrefix("memberdesk: no member"))
    }

    @Test func unknownPassByPolicy() throws {
        let desk = try DeskBinary()
        let auto = try desk.run(["checkin", "1|NEW-7|x|Bea", "--json"])
        #expect(auto.status == 0)
        let enrolled = try json(auto.stdout)
        #expect(enrolled["outcome"] as? String == "enrolled" && enrolled["username"] as? String == "Bea")

        try desk.writeConfig("enrolment = \"prompt\"\n")
        let prompt = try desk.run(["checkin", "UNKNOWN-1", "--json"])
        #expect(prompt.status == 3)
        #expect(try json(prompt.stdout)["outcome"] as? String == "unknownPass")
        #expect(try desk.run(["members", "list", "--json"]).stdout.split(separator: "\n").count == 1)
    }

    @Test func statsAndConfigShow() throws {
        let desk = try DeskBinary()
        try desk.run(["members", "add", "--pass", "P1"])
        try desk.run(["checkin", "P1"])
        let stats = try json(try desk.run(["stats", "--json"]).stdout)
        #expect(stats["memberCount"] as? Int == 1 && stats["visitsToday"] as? Int == 1)
        #expect((stats["perHourToday"] as? [Int])?.reduce(0, +) == 1)
        let config = try desk.run(["config", "show"])
        #expect(config.status == 0)
        #expect(config.stdout.contains("debounce_seconds = 60") && config.stdout.contains("enrolment = \"auto\""))
    }

    /// Listing opens the database read-only; a renamed terminal must not make that fail.
    @Test func readOnlyCommandsSurviveARenamedTerminal() throws {
        let desk = try DeskBinary()
        try desk.run(["members", "add", "--pass", "P1", "--name", "Ann"])
        try desk.writeConfig("terminal_name = \"Back door\"\n")
        let list = try desk.run(["members", "list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("\"Ann\""))
        #expect(try desk.run(["stats", "--json"]).status == 0)
    }

    @Test func noSubcommandWithoutATerminalPrintsHelpOrStarts() throws {
        let help = try DeskBinary().run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE") && help.stdout.contains("checkin"))
    }

    /// Two processes on the same file at once: every visit is counted, none lost.
    @Test func twoProcessesCheckingInAtOnceLoseNoVisit() throws {
        let desk = try DeskBinary()
        try desk.writeConfig("debounce_seconds = 0\n")
        try desk.run(["members", "add", "--pass", "SHARED"])
        let perProcess = 25
        let script = "for i in $(seq \(perProcess)); do \"$0\" checkin SHARED >/dev/null || exit 1; done"
        let workers = try (0..<2).map { _ in
            try ChildProcess("/bin/sh", ["-c", script, DeskBinary.path], environment: desk.environment)
        }
        #expect(workers.map { $0.wait(timeout: 120) } == [.exited(0), .exited(0)])
        let shown = try json(try desk.run(["members", "show", "SHARED", "--json"]).stdout)
        #expect(shown["numVisits"] as? Int == 2 * perProcess)
        let counters = try #require(shown["visitCounters"] as? [String: Int])
        #expect(counters.values.reduce(0, +) == 2 * perProcess)
    }
}
