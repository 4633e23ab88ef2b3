import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// The system clock steps back an hour and forward a day under a running `scan` (libfaketime, its
/// offset read from a file at every call, so the running process jumps when the file changes).
@Suite(.serialized) struct ClockJumpTests {
    static let library = "/usr/bin/faketime"

    @Test func aClockThatJumpsMakesNoNegativeStayBlocksNobodyForAnHourAndKeepsStampsOrdered() throws {
        guard FileManager.default.fileExists(atPath: Self.library) else {
            print("ClockJumpTests skipped: no faketime (apt-get install faketime; scripts/setup-deps.sh does)")
            return
        }
        let desk = try DeskBinary()
        try desk.writeConfig("""
            debounce_seconds = 60
            [occupancy]
            tap = "toggle"
            min_stay_minutes = 2
            closing_time = ""
            max_stay_hours = 0
            """)
        let offset = desk.home.file("faketime")
        try "+0".write(toFile: offset, atomically: true, encoding: .utf8)
        // Through Debian's faketime wrapper (set directly, LD_PRELOAD left a Swift program without its
        // arguments), with its fixed offset dropped so that the file's, read at every call, applies.
        let clocked = ["/usr/bin/faketime", "-f", "+0", "/usr/bin/env", "-u", "FAKETIME", "FAKETIME_TIMESTAMP_FILE=\(offset)",
                       "FAKETIME_NO_CACHE=1", "FAKETIME_DONT_FAKE_MONOTONIC=1", DeskBinary.path]
        func run(_ arguments: [String]) throws -> DeskBinary.Result {
            try desk.run(clocked + arguments, viaExecutable: "/usr/bin/faketime")
        }
        let probe = try run(["--version"])
        guard probe.status == 0, !probe.stdout.isEmpty else {
            print("ClockJumpTests skipped: under faketime memberdesk does not run (\(probe.stderr.prefix(80)))")
            return
        }
        for pass in ["A1", "B1"] {
            let added = try run(["members", "add", "--pass", pass, "--name", "Name \(pass)"])
            try #require(added.status == 0, "\(added.stderr)")
        }
        let scan = try ChildProcess("/usr/bin/faketime", Array(clocked.dropFirst()) + ["scan", "--stdin", "--json"],
                                    environment: desk.environment, stdin: .pipe, stdout: .pipe, stderr: .pipe)
        defer { scan.killAndWait() }
        let out = LineCollector(scan.output!)
        func outcomes() -> [[String: Any]] {
            out.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.filter { $0["outcome"] != nil }
        }
        func tap(_ pass: String) -> [String: Any] {
            let before = outcomes().count
            scan.write(pass + "\n")
            _ = waitUntil(timeout: 30) { outcomes().count > before }
            return outcomes().count > before ? outcomes()[before] : [:]
        }
        func jump(_ spec: String) throws { try spec.write(toFile: offset, atomically: true, encoding: .utf8) }

        #expect(tap("A1")["outcome"] as? String == "checkedIn")
        try jump("-1h")  // the clock steps back an hour
        let exit = tap("A1")
        #expect(exit["outcome"] as? String == "checkedOut", "a tap an 'hour before' the entry is an exit, not a duplicate: \(exit)")
        #expect((exit["secondsInside"] as? Double ?? -1) >= 0, "no negative stay: \(exit)")
        // Past min_stay after that exit (a tap straight after an exit is the exit again, issue 28 #6),
        // still 55 minutes before the entry by the clock.
        try jump("-55m")
        let again = tap("A1")
        #expect(again["outcome"] as? String == "checkedIn", "the debounce does not block the member for an hour: \(again)")
        try jump("+1d")  // and forward a day
        let later = tap("A1")
        #expect(later["outcome"] as? String == "checkedOut")
        #expect((later["secondsInside"] as? Double ?? -1) >= 0)
        #expect(tap("B1")["outcome"] as? String == "checkedIn")
        scan.closeInput()
        #expect(scan.wait(timeout: 30) == .exited(0))

        // Each exit after its entry, in the stored order; the member's own counts agree. (Full precision:
        // an exit placed just after its entry differs in the last bits.)
        let events = try SQLiteShell.rows(desk.databasePath, """
            SELECT e.kind, printf('%!.20g', e.time) FROM visit_event e JOIN member m ON m.memberId = e.memberId
            WHERE m.passId = 'A1' ORDER BY e.time, e.eventId
            """)
        #expect(events.map { $0[0] } == ["entry", "exit", "entry", "exit"], "\(events)")
        let times = events.compactMap { Double($0[1]) }
        #expect(times == times.sorted() && Set(times).count == times.count)

        // Version stamps: an edit made an hour "earlier" than the last still gets a later stamp, and wins.
        try jump("+0")
        #expect(try run(["members", "edit", "A1", "--name", "First"]).status == 0)
        let first = try SQLiteShell.rows(desk.databasePath, "SELECT printf('%!.20g', modifiedAt) FROM member WHERE passId = 'A1'").first.flatMap { Double($0[0]) }
        try jump("-1h")
        #expect(try run(["members", "edit", "A1", "--name", "Second"]).status == 0)
        let stamps = try SQLiteShell.rows(desk.databasePath, "SELECT username, printf('%!.20g', modifiedAt) FROM member WHERE passId = 'A1'")
        #expect(stamps.first?[0] == "Second")
        #expect((stamps.first.flatMap { Double($0[1]) } ?? 0) > (first ?? .infinity), "the later edit's stamp is later: \(stamps) after \(first ?? 0)")
        #expect(try SQLiteShell.integrity(desk.databasePath) == ["ok"])
    }

    /// Closing time after the clock stepped back over it, at two desks whose clocks are a day apart,
    /// each command run at its own fixed moment (faketime's `@`): each visit is closed once, however
    /// often closing time is passed again; the desks converge through the folder; and an edit made
    /// after the other desk's later-stamped one wins on both (version stamps stay ordered).
    @Test func closingTimeRunsOnceWhenTheClockStepsBackAndTwoDesksStillConverge() throws {
        guard FileManager.default.fileExists(atPath: Self.library) else {
            print("ClockJumpTests skipped: no faketime (apt-get install faketime; scripts/setup-deps.sh does)")
            return
        }
        let folder = try TemporaryDirectory()
        var a = try DeskBinary(), b = try DeskBinary()
        for desk in [a, b] {
            try desk.writeConfig("""
                debounce_seconds = 0
                [occupancy]
                closing_time = "22:00"
                max_stay_hours = 0
                [sync]
                folder = "\(folder.path)"
                """)
        }
        a.extraEnvironment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        b.extraEnvironment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        func at(_ desk: DeskBinary, _ moment: String, _ arguments: [String]) throws -> DeskBinary.Result {
            let result = try desk.run(["/usr/bin/faketime", "-f", "@2026-11-\(moment)", DeskBinary.path] + arguments, viaExecutable: "/usr/bin/faketime")
            #expect(result.status == 0, "\(arguments) at \(moment): \(result.stderr)")
            return result
        }
        func autoExits(_ desk: DeskBinary) throws -> [String] {
            try SQLiteShell.rows(desk.databasePath, """
                SELECT m.passId, count(*) FROM visit_event e JOIN member m ON m.memberId = e.memberId
                WHERE e.kind = 'exit' GROUP BY m.passId ORDER BY m.passId
                """).map { $0.joined(separator: "=") }
        }
        for pass in ["M1", "M2"] { _ = try at(a, "27 20:00:00", ["members", "add", "--pass", pass, "--name", "Name \(pass)"]) }
        _ = try at(a, "27 21:50:00", ["checkin", "M1"])
        _ = try at(a, "27 22:10:00", ["inside"])  // past closing: M1's visit is closed at 22:00
        #expect(try autoExits(a) == ["M1=1"])
        // The clock steps back an hour, over closing time: M2 comes in "before" it, and closing time
        // is passed again.
        _ = try at(a, "27 21:10:00", ["inside"])
        _ = try at(a, "27 21:10:00", ["checkin", "M2"])
        for moment in ["27 22:10:00", "27 22:20:00", "27 21:30:00", "27 22:30:00"] { _ = try at(a, moment, ["inside"]) }
        #expect(try autoExits(a) == ["M1=1", "M2=1"], "each visit closed once")
        let inside = try at(a, "27 22:30:00", ["inside", "--json"]).stdout
        #expect(inside.contains("\"inside\":0"), "nobody inside after closing: \(inside)")

        // Desk B runs a day ahead: it learns A's members and visits, takes a visit of its own, closes it.
        _ = try at(a, "27 22:30:00", ["sync", "now"])
        _ = try at(b, "28 21:00:00", ["sync", "now"])
        _ = try at(b, "28 21:05:00", ["checkin", "M1"])
        _ = try at(b, "28 22:15:00", ["inside"])
        _ = try at(b, "28 22:16:00", ["members", "edit", "M1", "--name", "Later clock"])
        _ = try at(b, "28 22:17:00", ["sync", "now"])
        // A, still on the 27th, hears all that, then edits the same member: its edit comes after B's.
        _ = try at(a, "27 22:40:00", ["sync", "now"])
        _ = try at(a, "27 22:41:00", ["members", "edit", "M1", "--name", "Earlier clock, later edit"])
        _ = try at(a, "27 22:42:00", ["sync", "now"])
        _ = try at(b, "28 22:30:00", ["sync", "now"])

        func state(_ desk: DeskBinary) throws -> [String] {
            try SQLiteShell.rows(desk.databasePath, "SELECT passId, username, numVisits FROM member ORDER BY passId").map { $0.joined(separator: "|") }
                + SQLiteShell.rows(desk.databasePath, "SELECT eventId, kind, printf('%.3f', time) FROM visit_event ORDER BY eventId").map { $0.joined(separator: "|") }
        }
        let seenAtA = try state(a), seenAtB = try state(b)
        #expect(seenAtA == seenAtB, "the desks converge:\n\(seenAtA)\n\(seenAtB)")
        #expect(seenAtA.first == "M1|Earlier clock, later edit|2", "the later edit wins though its clock is a day behind: \(seenAtA)")
        #expect(try autoExits(a) == ["M1=2", "M2=1"] && autoExits(b) == ["M1=2", "M2=1"], "each visit closed once at both desks")
        for desk in [a, b] { #expect(try SQLiteShell.integrity(desk.databasePath) == ["ok"]) }
    }
}
