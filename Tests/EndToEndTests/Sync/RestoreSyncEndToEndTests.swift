import Foundation
import MemberDeskTestSupport
import Testing

/// Issue #45 item 5 through the built binary: two desks through one folder, days under faketime.
/// Desk A is backed up at 07:00, George visits at 08:00 (synced), A is restored at 08:10 with no
/// word about sync ids, George visits again at 09:00: after syncs both desks list and count his
/// four visits, and B follows him in and out, with no `sync reset-id`.
@Suite(.serialized) struct RestoreSyncEndToEndTests {
    private func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    private func desk(_ name: String, folder: String) throws -> DeskBinary {
        let desk = try DeskBinary()
        try desk.writeConfig("terminal_name = \"\(name)\"\n[sync]\nfolder = \"\(folder)\"\n")
        return desk
    }

    /// `sync now` at `time`, which must succeed and say nothing of a stop.
    private func sync(_ desk: DeskBinary, at time: String) throws {
        let result = try desk.run(["sync", "now"], at: time)
        #expect(result.status == 0 && !result.stdout.contains("error") && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
    }

    private func george(_ desk: DeskBinary, at time: String) throws -> (count: Int?, visits: [[String: Any]], inside: [[String: Any]]) {
        let shown = try lines(try desk.run(["members", "show", "GEORGE", "--json"], at: time).stdout).first
        let visits = try lines(try desk.run(["visits", "--member", "GEORGE", "--json"], at: time).stdout)
        let inside = try lines(try desk.run(["inside", "--json"], at: time).stdout).filter { $0["passId"] as? String == "GEORGE" }
        return (shown?["numVisits"] as? Int, visits, inside)
    }

    @Test func aDeskRestoredFromItsBackupLosesNoVisitAndTheDesksAgree() throws {
        let shared = try TemporaryDirectory()
        let a = try desk("Front desk", folder: shared.path), b = try desk("Back desk", folder: shared.path)
        let day = "2026-11-20 "
        try #require(try a.run(["members", "add", "--pass", "GEORGE", "--name", "George"], at: day + "05:50:00").status == 0)
        for time in ["06:00:00", "06:30:00"] { try #require(try a.run(["checkin", "GEORGE"], frozenAt: day + time).status == 0) }
        try sync(a, at: day + "06:40:00")
        try sync(b, at: day + "06:41:00")
        let backup = a.home.file("backup-0700.sqlite")
        try #require(try a.run(["backup", backup], at: day + "07:00:00").status == 0)
        try #require(try a.run(["checkin", "GEORGE"], frozenAt: day + "08:00:00").status == 0)
        try sync(a, at: day + "08:01:00")
        try sync(b, at: day + "08:02:00")
        #expect(try george(b, at: day + "08:05:00").inside.first?["since"] as? String == "2026-11-20T08:00:00Z")

        // The restore gives the desk its new identity itself, and says so.
        let restored = try a.run(["restore", backup, "--yes"], at: day + "08:10:00")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains("this desk is a new desk now: terminal id "), "\(restored.stdout)")
        #expect(restored.stdout.contains("its next sync reads back what "), "\(restored.stdout)")
        // It lost the 08:00 visit, so George is let in at 09:00.
        let tap = try a.run(["checkin", "GEORGE"], frozenAt: day + "09:00:00")
        #expect(tap.status == 0, "\(tap.stdout)")
        for minute in 1...4 { try sync(minute % 2 == 1 ? a : b, at: day + "09:0\(minute):00") }

        for desk in [a, b] {
            let seen = try george(desk, at: day + "09:30:00")
            #expect(seen.count == 4 && seen.visits.count == 4, "\(seen)")
            #expect(seen.visits.map { $0["entered"] as? String } == ["06:00:00", "06:30:00", "08:00:00", "09:00:00"].map { "2026-11-20T\($0)Z" })
            #expect(seen.inside.map { $0["since"] as? String } == ["2026-11-20T09:00:00Z"], "\(seen.inside)")
        }
        // He leaves at 10:00 at A: B sees him out, and both list the same visits and exits.
        try #require(try a.run(["checkout", "GEORGE"], frozenAt: day + "10:00:00").status == 0)
        try sync(a, at: day + "10:01:00")
        try sync(b, at: day + "10:02:00")
        let onA = try george(a, at: day + "10:05:00"), onB = try george(b, at: day + "10:05:00")
        #expect(onB.inside.isEmpty && onA.inside.isEmpty)
        let exits = { (visits: [[String: Any]]) in visits.map { "\($0["exited"] ?? "-") \($0["exitKind"] ?? "-")" } }
        #expect(exits(onA.visits) == exits(onB.visits) && onB.visits.count == 4 && onB.count == 4)
        #expect(onB.visits.last?["exited"] as? String == "2026-11-20T10:00:00Z")
        // Neither desk stopped writing, and each counts one other desk: the earlier self is retired.
        for desk in [a, b] {
            let text = try desk.run(["sync", "status"], at: day + "10:06:00").stdout
            #expect(!text.contains("stopped writing") && text.contains("retired desk Front desk"), "\(text)")
            let status = try #require(try lines(try desk.run(["sync", "status", "--json"], at: day + "10:06:00").stdout).first)
            let desks = try #require(status["terminals"] as? [[String: Any]])
            #expect(desks.filter { $0["retiredBy"] == nil }.count == 1, "\(desks)")
            #expect(status["stopped"] == nil)
        }
    }
}
