import Foundation
import MemberDeskCLI
import MemberDeskTestSupport
import MemberKit
import Testing

/// `memberdesk report` in-process, on a fixed set of visits made by `checkin` and `checkout` at
/// fixed local times: the figures in the HTML, and bad arguments that write nothing.
@Suite struct ReportCommandTests {
    /// A local time (this process's zone, as the command's) in 2026.
    static func local(_ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        Calendar.current.date(from: DateComponents(year: 2026, month: month, day: day, hour: hour, minute: minute))!
    }

    static func figure(_ key: String, in html: String) -> String? {
        guard let start = html.range(of: "data-figure=\"\(key)\">") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "<" })
    }

    /// Ann, Bo and Cy in the week of Monday 1 June 2026; Dee a regular in April who last came on
    /// 2 May; one entry from a desk whose clock ran days ahead. The clock ends at 8 June, noon.
    static func fixedDesk() async throws -> (InProcessDesk, FakeClock) {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\n")
        let clock = FakeClock(local(6, 8, 12))
        for (pass, name) in [("P1", "Ann"), ("P2", "Bo"), ("P3", "Cy"), ("P4", "Dee")] {
            try #require(await desk.run(["members", "add", "--pass", pass, "--name", name]).status == 0)
        }
        let steps: [(Date, String, String)] = [
            (local(4, 20, 12), "checkin", "P4"), (local(4, 20, 13), "checkout", "P4"),
            (local(4, 24, 12), "checkin", "P4"), (local(4, 24, 13), "checkout", "P4"),
            (local(4, 28, 12), "checkin", "P4"), (local(4, 28, 13), "checkout", "P4"),
            (local(5, 2, 12), "checkin", "P4"), (local(5, 2, 13), "checkout", "P4"),
            // Monday: Ann 90 min, Bo 30 min inside it (two inside from 10:30 to 11:00).
            (local(6, 1, 10), "checkin", "P1"), (local(6, 1, 10, 30), "checkin", "P2"),
            (local(6, 1, 11), "checkout", "P2"), (local(6, 1, 11, 30), "checkout", "P1"),
            (local(6, 2, 18), "checkin", "P3"), (local(6, 2, 19), "checkout", "P3"),
            (local(6, 3, 9), "checkin", "P1"), (local(6, 3, 9, 45), "checkout", "P1"),
            (local(6, 12, 9), "checkin", "P2"),
        ]
        for (time, command, pass) in steps {
            clock.set(time)
            let result = await desk.run([command, pass], at: clock)
            try #require(result.status == 0, "\(command) \(pass): \(result)")
        }
        clock.set(local(6, 8, 12))
        return (desk, clock)
    }

    @Test func theFixedWeekShowsItsNumbers() async throws {
        let (desk, clock) = try await Self.fixedDesk()
        let out = desk.home.path + "/week.html"
        let result = await desk.run(["report", "--from", "2026-06-01", "--to", "2026-06-07", "--out", out], at: clock)
        #expect(result == .init(status: 0, stdout: "Wrote \(out): 1 Jun 2026 – 7 Jun 2026, 4 visits by 3 members\n",
                                stderr: "memberdesk: 1 event later than tomorrow left out\n"))
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(Self.figure("visits", in: html) == "4")
        #expect(Self.figure("members", in: html) == "3")
        // (90 + 30 + 60 + 45) / 4 minutes.
        #expect(Self.figure("average-stay", in: html) == "56 min")
        #expect(Self.figure("peak-occupancy", in: html) == "2")
        // 225 person-minutes over the 195 minutes anyone was in.
        #expect(Self.figure("average-occupancy", in: html) == "1.2")
        #expect(Self.figure("stopped-coming", in: html) == "1")
        #expect(Self.figure("future-ignored", in: html)?.hasPrefix("1 visit dated") == true)
        #expect(html.contains("Mon 1 Jun 2026: 2 visits, at most 2 inside"))
        #expect(html.contains("<td>Dee</td><td>Sat 2 May 2026</td>"))
        #expect(html.contains("(4 by staff)") && Self.figure("closed-by-rule", in: html) == "0")
        // Self-contained: nothing fetched, nothing run (ReportPageTests checks the page for more).
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("<link"))
    }

    @Test func withoutDatesItCoversTheThirtyDaysUpToToday() async throws {
        let (desk, clock) = try await Self.fixedDesk()
        let out = desk.home.path + "/month.html"
        let result = await desk.run(["report", "--out", out], at: clock)
        #expect(result.status == 0 && result.stdout == "Wrote \(out): 10 May 2026 – 8 Jun 2026, 4 visits by 3 members\n")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.contains("<h1>10 May 2026 – 8 Jun 2026</h1>") && html.contains(">30 days ·"))
        #expect(Self.figure("stopped-coming", in: html) == "1")
        // An ISO-8601 time stands for its local day.
        let iso = await desk.run(["report", "--from", "2026-06-03T12:00:00Z", "--to", "2026-06-03", "--out", out], at: clock)
        #expect(iso.stdout.hasSuffix("3 Jun 2026 – 3 Jun 2026, 1 visit by 1 member\n"))
    }

    @Test func badArgumentsSayWhyAndWriteNothing() async throws {
        let (desk, clock) = try await Self.fixedDesk()
        let out = desk.home.path + "/kept.html"
        try "the last report".write(toFile: out, atomically: true, encoding: .utf8)
        let cases: [([String], Int32, String)] = [
            (["--from", "2026-02-30"], 64, "memberdesk: --from '2026-02-30' is not a date"),
            (["--to", "June"], 64, "memberdesk: --to 'June' is not a date"),
            (["--from", "2026-06-07", "--to", "2026-06-01"], 64, "memberdesk: --from 2026-06-07 is after --to 2026-06-01"),
            (["--from", "2026-06-09"], 64, "memberdesk: --from 2026-06-09 is after --to 2026-06-08"),
            (["--from", "2000-01-01", "--to", "2026-01-01"], 64, "memberdesk: a report covers at most 3660 days"),
        ]
        for (arguments, status, prefix) in cases {
            let result = await desk.run(["report", "--out", out] + arguments, at: clock)
            #expect(result.status == status && result.stdout.isEmpty, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix(prefix) && result.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(result)")
        }
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "the last report")
        let missing = await desk.run(["report"], at: clock)
        #expect(missing.status == 64 && missing.stderr.contains("--out"))

        let folder = desk.home.path + "/no-such-folder/report.html"
        #expect(await desk.run(["report", "--out", folder], at: clock)
            == .init(status: 1, stdout: "", stderr: "memberdesk: cannot write '\(folder)': No such file or directory\n"))
        #expect(await desk.run(["report", "--out", desk.home.path], at: clock)
            == .init(status: 1, stdout: "", stderr: "memberdesk: cannot write '\(desk.home.path)': it is a folder\n"))
        let left = try FileManager.default.contentsOfDirectory(atPath: desk.home.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }
}

extension InProcessDesk {
    /// The command run by `clock` rather than the system's.
    func run(_ arguments: [String], at clock: any DeskClock) async -> Result {
        await CommandClock.$current.withValue(clock) { await run(arguments) }
    }
}
