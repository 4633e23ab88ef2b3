import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Figures a manager can trust, through the built binary with the default config, days passing
/// under faketime: one person is inside at most once, visits with no exit end by the closing
/// rule, a household's status follows its head, and outputs name the member's own pass.
@Suite(.serialized) struct FiguresEndToEndTests {
    private func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    /// The HTML text of the element carrying `data-figure="key"` (the first one).
    private func figure(_ html: String, _ key: String) -> String? {
        guard let start = html.range(of: "data-figure=\"\(key)\">") else { return nil }
        return html[start.upperBound...].split(separator: "<", maxSplits: 1).first.map(String.init)
    }

    @Test func sixMembersTappingInForDaysAreNeverMoreThanSixInside() throws {
        let desk = try DeskBinary()  // no config file: every default
        let members = (1...6).map { "M\($0)" }
        for member in members {
            try #require(try desk.run(["members", "add", "--pass", member, "--name", "Member \(member)"], at: "2026-11-16 09:00:00").status == 0)
        }
        // Each day every member taps in at 10:00 and again at 14:00; nobody ever taps out.
        for day in 17...19 {
            for hour in ["10", "14"] {
                for (index, member) in members.enumerated() {
                    let tap = try desk.run(["checkin", member], at: "2026-11-\(day) \(hour):0\(index):00")
                    #expect(tap.status == 0, "\(member) on \(day) at \(hour): \(tap.stdout) \(tap.stderr)")
                }
            }
        }
        let out = desk.home.file("report.html")
        let report = try desk.run(["report", "--from", "2026-11-17", "--to", "2026-11-19", "--out", out], at: "2026-11-20 12:00:00")
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(figure(html, "visits") == "36")
        #expect(figure(html, "peak-occupancy") == "6")
        // No stay was measured: every one was closed by rule (18 by a next entry, 18 after the longest stay).
        #expect(figure(html, "closed-by-rule") == "36")
        #expect(figure(html, "average-stay") == "—")

        let visits = try lines(try desk.run(["visits", "--json"], at: "2026-11-20 12:00:00").stdout)
        #expect(visits.count == 36)
        #expect(visits.allSatisfy { !($0["exited"] is NSNull) }, "a visit still shows as inside")
        let m1 = visits.filter { $0["username"] as? String == "Member M1" }
        #expect(m1.map { $0["exitKind"] as? String } == Array(repeating: ["reentry", "auto"], count: 3).flatMap { $0 })
        #expect(m1.first?["exited"] as? String == "2026-11-17T14:00:00Z")  // ended by the next entry
        #expect(m1.dropFirst().first?["exited"] as? String == "2026-11-18T02:00:00Z")  // 12 hours, the default longest stay
        let inside = try desk.run(["inside", "--json"], at: "2026-11-20 12:00:00")
        #expect(try lines(inside.stdout).last?["inside"] as? Int == 0)
        let text = try desk.run(["visits", "--member", "M1"], at: "2026-11-20 12:00:00").stdout
        #expect(!text.contains("→ inside"), "\(text)")
    }

    @Test func aReEntryEndsTheEarlierVisitInVisitsAndInside() throws {
        let desk = try DeskBinary()
        try #require(try desk.run(["members", "add", "--pass", "ANNA", "--name", "Anna"], at: "2026-11-20 09:00:00").status == 0)
        try #require(try desk.run(["checkin", "ANNA"], at: "2026-11-20 10:00:00").status == 0)
        try #require(try desk.run(["checkin", "ANNA"], at: "2026-11-20 15:00:00").status == 0)
        let visits = try lines(try desk.run(["visits", "--json"], at: "2026-11-20 16:00:00").stdout)
        #expect(visits.map { $0["exited"] as? String } == ["2026-11-20T15:00:00Z", nil])
        #expect(visits.map { $0["exitKind"] as? String } == ["reentry", nil])
        let inside = try lines(try desk.run(["inside", "--json"], at: "2026-11-20 16:00:00").stdout)
        #expect(inside.last?["inside"] as? Int == 1)
    }

    @Test func aHouseholdMemberOfAnExpiredHeadIsExpiredEverywhere() throws {
        let desk = try DeskBinary()
        let now = "2026-11-20 10:00:00"
        try #require(try desk.run(["members", "add", "--pass", "HEAD1", "--name", "Head"], at: now).status == 0)
        try #require(try desk.run(["members", "edit", "HEAD1", "--expires", "2026-11-10"], at: now).status == 0)
        let kid = try desk.run(["members", "add", "--pass", "KID1", "--name", "Kid", "--plan", "household", "--household", "HEAD1"], at: now)
        try #require(kid.status == 0, "\(kid.stderr)")
        let tap = try desk.run(["checkin", "KID1"], at: now)
        #expect(tap.status == 3 && tap.stdout.contains("expired"), "\(tap.stdout)")
        let listed = try lines(try desk.run(["members", "list", "--json"], at: now).stdout)
        #expect(listed.first { $0["passId"] as? String == "KID1" }?["effectiveStatus"] as? String == "expired")
        let expired = try lines(try desk.run(["members", "list", "--status", "expired", "--json"], at: now).stdout)
        #expect(Set(expired.compactMap { $0["passId"] as? String }) == ["HEAD1", "KID1"])
        let active = try desk.run(["members", "list", "--status", "active", "--json"], at: now)
        #expect(active.stdout.isEmpty, "\(active.stdout)")
        let show = try desk.run(["members", "show", "KID1"], at: now).stdout
        #expect(show.contains("expired (stored: active)"), "\(show)")
        #expect(show.contains("(the household head's)") && !show.contains("never"), "\(show)")
        let table = try desk.run(["members", "list", "--search", "kid"], at: now).stdout
        #expect(table.contains("expired") && !table.contains("active"), "\(table)")
    }

    @Test func outputsNameTheMembersPassNotTheTypedText() throws {
        let desk = try DeskBinary()
        try #require(try desk.run(["members", "add", "--pass", "DO-ANNA", "--name", "Anna"]).status == 0)
        let json = try desk.run(["checkin", "do-anna", "--json"])
        #expect(json.status == 0)
        #expect(try lines(json.stdout).first?["passId"] as? String == "DO-ANNA")
        let scan = try desk.run(["scan", "--stdin", "--json"], stdin: "do-anna\n")
        let taps = try lines(scan.stdout).filter { $0["outcome"] != nil }
        #expect(taps.count == 1 && taps.first?["passId"] as? String == "DO-ANNA", "\(scan.stdout)")
        let text = try desk.run(["scan", "--stdin"], stdin: "do-anna\n")
        #expect(text.stdout.contains("DO-ANNA") && !text.stdout.contains("do-anna"), "\(text.stdout)")
    }
}
