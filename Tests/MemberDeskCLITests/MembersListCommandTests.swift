import MemberKit
import MemberDeskTestSupport
import TerminalColumns
import Testing

/// `members list`: says when the limit hides members, takes sort names in any case, and prints
/// a table for people (readable headers, 80 columns) while `--json` keeps the keys.
@Suite struct MembersListCommandTests {
    /// Members added straight through `Club`: a hundred CLI runs would only slow the test.
    private func desk(members count: Int) throws -> InProcessDesk {
        let desk = try InProcessDesk()
        let database = try AppDatabase.open(path: desk.databasePath)
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "Desk 1"))
        for n in 0..<count { try club.addMember(passId: "P\(n)", username: "Member \(n)") }
        return desk
    }

    @Test func aCutListSaysHowManyMoreThereAre() async throws {
        let desk = try desk(members: 101)
        let listed = await desk.run(["members", "list", "--json"])
        #expect(listed.status == 0 && listed.stdout.split(separator: "\n").count == 100)
        #expect(listed.stderr == "100 of 101 shown (--limit 0 for all)\n")
        let all = await desk.run(["members", "list", "--json", "--limit", "0"])
        #expect(all.stdout.split(separator: "\n").count == 101 && all.stderr.isEmpty)
        let searched = await desk.run(["members", "list", "--search", "member", "--limit", "3"])
        #expect(searched.stderr == "3 of 101 shown (--limit 0 for all)\n")
        let exact = await desk.run(["members", "list", "--search", "member", "--limit", "101"])
        #expect(exact.stderr.isEmpty)
    }

    @Test func sortNamesIgnoreCase() async throws {
        let desk = try desk(members: 2)
        for name in ["lastvisit", "LASTVISIT", "lastVisit", "Name", "visits"] {
            let listed = await desk.run(["members", "list", "--sort", name])
            #expect(listed.status == 0 && listed.stderr.isEmpty, "\(name): \(listed)")
        }
        #expect(await desk.run(["members", "list", "--sort", "nope"]).status == 64)
    }

    @Test func helpSaysSearchMatchesWordStarts() async throws {
        let help = await try InProcessDesk().run(["members", "list", "--help"])
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("a word of their name, pass or email that starts with it"), "\(help)")
        #expect(!text.contains("contains TEXT"))
    }

    @Test func theTableHasReadableHeadersAndFits80Columns() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["members", "add", "--pass", "04A23B1C", "--name", "Ann Lee", "--email", "ann@x.org"]).status == 0)
        let listed = await desk.run(["members", "list"])
        #expect(listed == .init(status: 0, stdout: """
            Name     Pass      Email      Visits  Last visit  Status
            Ann Lee  04A23B1C  ann@x.org  0       -           active

            """, stderr: ""))

        let long = String(repeating: "Maximiliana ", count: 6) + "Sigmaringen"
        try #require(await desk.run(["members", "add", "--pass", String(repeating: "Q", count: 60), "--name", long,
                                     "--email", String(repeating: "e", count: 50) + "@example.org"]).status == 0)
        try #require(await desk.run(["checkin", "04A23B1C"]).status == 0)
        let wide = await desk.run(["members", "list"])
        let lines = wide.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines.allSatisfy { TextWidth.of($0) <= 80 }, "\(wide)")
        #expect(lines[0].hasPrefix("Name") && lines[0].hasSuffix("Visits  Last visit        Status"))
        #expect(lines.contains { $0.hasPrefix("Maximiliana") && $0.contains("…") })

        let json = await desk.run(["members", "list", "--json"])
        #expect(json.stdout.contains("\"username\":\"Ann Lee\"") && json.stdout.contains("\"timeStampOfLastVisit\""))
    }
}

@Suite struct CountTextTests {
    @Test func pluralsAndGrouping() {
        #expect(CountText.of(1, "member") == "1 member")
        #expect(CountText.of(0, "member") == "0 members")
        #expect(CountText.of(1_234, "report") == "1,234 reports")
        #expect(CountText.of(2, "other desk") == "2 other desks")
        #expect(CountText.grouped(1_000_000) == "1,000,000" && CountText.grouped(-1_234) == "-1,234")
    }
}
