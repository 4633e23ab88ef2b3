import Foundation
import MemberDeskTestSupport
import Testing

/// Two desks through one folder under faketime (issue #45, items 3 and 4): after a full sync every
/// figure counts both desks' visits on both desks, and closing time's exits, noticed by each desk
/// at its own moment, are one exit and one audit entry, the same on both.
@Suite("Figures and the record agree on every desk", .serialized)
struct AllDesksFiguresEndToEndTests {
    private func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The HTML text of the element carrying `data-figure="key"` (the first one).
    private func figure(_ html: String, _ key: String) -> String? {
        guard let start = html.range(of: "data-figure=\"\(key)\">") else { return nil }
        return html[start.upperBound...].split(separator: "<", maxSplits: 1).first.map(String.init)
    }

    @Test("taps on both desks and closing time noticed by each: stats, report, visits, inside, members show, backup and audit agree")
    func twoDesksAgree() throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let front = try DeskBinary(), back = try DeskBinary()
        for (desk, name) in [(front, "Front desk"), (back, "Back desk")] {
            try desk.writeConfig("""
                terminal_name = "\(name)"
                debounce_seconds = 0
                [occupancy]
                closing_time = "21:00"
                [sync]
                folder = "\(folder.path)"

                """)
        }
        func ok(_ desk: DeskBinary, _ arguments: [String], at time: String) throws -> String {
            let run = try desk.run(arguments, at: time)
            #expect(run.status == 0, "\(arguments): \(run.stdout) \(run.stderr)")
            return run.stdout
        }
        func syncBoth(at time: String) throws {
            for desk in [front, back, front, back] { _ = try ok(desk, ["sync", "now"], at: time) }
        }
        _ = try ok(front, ["members", "add", "--pass", "04AA0001", "--name", "Kenji Sato"], at: "2026-11-29 08:00:00")
        _ = try ok(front, ["members", "add", "--pass", "04AA0002", "--name", "Mia Berg"], at: "2026-11-29 08:01:00")
        try syncBoth(at: "2026-11-29 08:05:00")
        // Sunday: Front desk counts three visits, Back desk two; Kenji and Mia are still inside at closing.
        _ = try ok(front, ["checkin", "04AA0001"], at: "2026-11-29 10:00:00")
        _ = try ok(back, ["checkin", "04AA0002"], at: "2026-11-29 11:00:00")
        _ = try ok(front, ["checkin", "04AA0002"], at: "2026-11-29 14:00:00")
        try syncBoth(at: "2026-11-29 15:00:00")
        _ = try ok(back, ["checkin", "04AA0001"], at: "2026-11-29 18:00:00")
        _ = try ok(front, ["checkin", "04AA0002"], at: "2026-11-29 19:00:00")
        try syncBoth(at: "2026-11-29 19:30:00")
        // Each desk notices closing time at its own moment, before hearing of the other's exits.
        #expect(try lines(try ok(back, ["inside", "--json"], at: "2026-11-29 21:05:00")).last?["inside"] as? Int == 0)
        #expect(try lines(try ok(front, ["inside", "--json"], at: "2026-11-29 22:40:00")).last?["inside"] as? Int == 0)
        try syncBoth(at: "2026-11-29 22:50:00")

        let now = "2026-11-29 23:00:00"
        var records: [[String]] = []
        for (desk, here) in [(front, 3), (back, 2)] {
            let stats = try object(try ok(desk, ["stats", "--json"], at: now))
            #expect(stats["visitsToday"] as? Int == 5 && stats["visitsTodayHere"] as? Int == here, "\(stats)")
            #expect(stats["inside"] as? Int == 0)
            let text = try ok(desk, ["stats"], at: now)
            #expect(text.contains("visits today: 5 (\(here) at this desk)"), "\(text)")
            let visits = try lines(try ok(desk, ["visits", "--json"], at: now))
            #expect(visits.count == 5)
            #expect(visits.filter { $0["exitKind"] as? String == "auto" }.count == 2)
            let kenji = try object(try ok(desk, ["members", "show", "04AA0001", "--json"], at: now))
            let recent = try #require(kenji["recentVisits"] as? [[String: Any]])
            #expect(recent.count == 2 && Set(recent.compactMap { $0["terminalId"] as? String }).count == 2, "\(recent)")
            let backup = try object(try ok(desk, ["backup", desk.home.file("backup.sqlite"), "--json"], at: now))
            #expect(backup["visits"] as? Int == 5, "\(backup)")
            let out = desk.home.file("report.html")
            _ = try ok(desk, ["report", "--from", "2026-11-29", "--to", "2026-11-29", "--out", out], at: now)
            #expect(figure(try String(contentsOfFile: out, encoding: .utf8), "visits") == "5")
            let audit = try ok(desk, ["audit", "--json"], at: now)
            let exits = try lines(audit).filter { $0["action"] as? String == "exit" }
            #expect(exits.count == 2, "\(audit)")
            records.append(audit.split(separator: "\n").map(String.init).sorted())
        }
        // The record: the same entries on both desks (the exits made by the closing rule, at 21:00).
        #expect(records[0] == records[1])
        #expect(records[0].filter { $0.contains("closing rule") }.count == 2, "\(records[0])")
    }
}
