import DeskSettings
import MemberKit
import Testing

/// `stats` and `config show`, in-process.
@Suite struct StatsAndConfigCommandTests {
    @Test func statsCountsTodaysVisits() async throws {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\n")
        try #require(await desk.run(["members", "add", "--pass", "P1"]).status == 0)
        try #require(await desk.run(["checkin", "P1"]).status == 0)
        try #require(await desk.run(["checkin", "P1"]).status == 0)
        let stats = await desk.run(["stats"])
        #expect(stats.status == 0 && stats.stderr.isEmpty)
        let lines = stats.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(Array(lines.prefix(4)) == ["members: 1", "visits today: 2", "active this week: 1, this month: 1", "inside: 1"])
        // One bar per hour; the hour of the two visits has the full-width bar.
        let hours = lines.dropFirst(4).filter { !$0.isEmpty }
        #expect(hours.allSatisfy { $0.wholeMatch(of: /\d\d:00 +\d+ █*/) != nil })
        #expect(hours.filter { $0.contains("     2 ") }.count == 1)
    }

    @Test func configShowPrintsTheFileTheDatabaseAndEveryKey() async throws {
        let desk = try InProcessDesk()
        let shown = await desk.run(["config", "show"])
        let expected = "# config file: \(desk.configPath)\n"
            + "# database: \(desk.databasePath)\n"
            + DeskConfig().rendered()
        #expect(shown == .init(status: 0, stdout: expected, stderr: ""))
    }

    @Test func aBadConfigKeyIsNamed() async throws {
        let desk = try InProcessDesk(config: "debounce_secnds = 5\n")
        let shown = await desk.run(["config", "show"])
        #expect(shown.status == 1 && shown.stdout.isEmpty)
        #expect(shown.stderr.hasPrefix("memberdesk: ") && shown.stderr.contains("debounce_secnds"))
        #expect(shown.stderr.split(separator: "\n").count == 1)
    }
}
