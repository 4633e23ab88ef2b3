import Foundation
import MemberDeskCLI
import MemberDeskTestSupport
import MemberKit
import Testing

/// The report's holds section, from holds put on with `members freeze`: the members frozen today
/// (a household frozen through its head among them) and each hold of the period with its reason.
@Suite struct ReportHoldsCommandTests {
    static func added(_ desk: InProcessDesk, _ arguments: [String], at clock: FakeClock) async throws -> String {
        let added = await desk.run(["members", "add"] + arguments, at: clock)
        return try #require(InProcessDesk.memberId(in: added.stdout), "\(added)")
    }

    @Test func theReportCountsTheMembersFrozenTodayAndListsThePeriodsHolds() async throws {
        let desk = try InProcessDesk()
        let clock = FakeClock(ReportCommandTests.local(3, 4, 10))
        _ = try await Self.added(desk, ["--pass", "P1", "--name", "Ann"], at: clock)
        _ = try await Self.added(desk, ["--pass", "P2", "--name", "Bo"], at: clock)
        _ = try await Self.added(desk, ["--pass", "P3", "--name", "Cy", "--plan", "household", "--household", "P2"], at: clock)
        _ = try await Self.added(desk, ["--pass", "P4", "--name", "Dee"], at: clock)
        for arguments in [["P1", "--from", "2026-03-04", "--until", "2026-03-12", "--reason", "holiday"],
                          ["P2", "--from", "2026-03-04", "--days", "3"],
                          ["P4", "--from", "2026-03-20", "--until", "2026-03-25"]] {
            let frozen = await desk.run(["members", "freeze"] + arguments, at: clock)
            #expect(frozen.status == 0, "\(frozen)")
        }
        let html = desk.home.path + "/r.html"
        let result = await desk.run(["report", "--from", "2026-03-01", "--to", "2026-03-07", "--out", html], at: clock)
        #expect(result.status == 0, "\(result)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        // Ann and Bo on their own holds, Cy through its head's: Dee's begins after the period.
        #expect(ReportCommandTests.figure("members-frozen", in: page) == "3")
        #expect(page.contains("<tr data-figure=\"hold\"><td>Ann</td><td>Wed 4 Mar 2026</td><td>Thu 12 Mar 2026</td><td class=\"num\">9</td><td>holiday</td></tr>"))
        #expect(page.contains("<td>Bo</td><td>Wed 4 Mar 2026</td><td>Fri 6 Mar 2026</td>"))
        #expect(page.components(separatedBy: "data-figure=\"hold\"").count - 1 == 2)

        clock.set(ReportCommandTests.local(3, 13, 10))
        #expect(await desk.run(["report", "--from", "2026-03-01", "--to", "2026-03-07", "--out", html], at: clock).status == 0)
        #expect(ReportCommandTests.figure("members-frozen", in: try String(contentsOfFile: html, encoding: .utf8)) == "0")
    }

    @Test func aReportWithNoHoldsSaysSo() async throws {
        let desk = try InProcessDesk()
        let clock = FakeClock(ReportCommandTests.local(3, 4, 10))
        _ = try await Self.added(desk, ["--pass", "P1", "--name", "Ann"], at: clock)
        let html = desk.home.path + "/r.html"
        #expect(await desk.run(["report", "--from", "2026-03-01", "--to", "2026-03-07", "--out", html], at: clock).status == 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(ReportCommandTests.figure("members-frozen", in: page) == "0")
        #expect(page.contains("No holds in this period."))
    }
}
