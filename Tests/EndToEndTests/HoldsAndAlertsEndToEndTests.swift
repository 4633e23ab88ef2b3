import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 48 sections 1, 3 (waivers) and 4 through the built binary, its clock set by faketime in
/// Berlin: a freeze refuses the member on its days and moves the expiry out, an early unfreeze
/// gives the days back, a waiver is required and lapses, and an alert shows on every tap.
@Suite("Holds, waivers and alerts", .serialized)
struct HoldsAndAlertsEndToEndTests {
    static func desk(_ config: String = "debounce_seconds = 0\n") throws -> DeskBinary {
        var desk = try DeskBinary()
        desk.extraEnvironment["TZ"] = "Europe/Berlin"
        desk.extraEnvironment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        try desk.writeConfig(config)
        return desk
    }

    static func json(_ result: DeskBinary.Result) throws -> [String: Any] {
        let line = result.stdout.split(separator: "\n").first ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(result.stdout)\(result.stderr)")
    }

    @Test func aFreezeRefusesOnItsDaysMovesTheExpiryAndAnEarlyEndGivesDaysBack() throws {
        let desk = try Self.desk()
        try #require(try desk.run(["members", "add", "--pass", "ANNA", "--name", "Anna", "--expires", "2027-01-31"],
                                  frozenAt: "2026-12-01 10:00:00").status == 0)
        let past = try desk.run(["members", "freeze", "ANNA", "--from", "2026-11-20", "--until", "2026-11-30"], frozenAt: "2026-12-01 10:00:00")
        #expect(past.status == 1 && past.stderr.contains("starts today or later"), "\(past.stderr)")
        let froze = try desk.run(["members", "freeze", "ANNA", "--from", "2026-12-20", "--until", "2027-01-02", "--reason", "holiday"],
                                 frozenAt: "2026-12-01 10:00:00")
        #expect(froze.status == 0, "\(froze.stderr)")
        #expect(froze.stdout == "froze Anna from 2026-12-20 through 2027-01-02; expires 2027-02-14 (was 2027-01-31)\n")

        let before = try desk.run(["checkin", "ANNA", "--json"], frozenAt: "2026-12-19 23:30:00")
        try #expect(before.status == 0 && (Self.json(before))["outcome"] as? String == "checkedIn")
        let held = try desk.run(["checkin", "ANNA", "--json"], frozenAt: "2026-12-20 00:30:00")
        #expect(held.status == 3)
        let refusal = try Self.json(held)
        #expect(refusal["reason"] as? String == "frozen")
        #expect(refusal["message"] as? String == "Frozen until 2 January 2027: holiday")
        let plain = try desk.run(["checkin", "ANNA"], frozenAt: "2026-12-25 10:00:00")
        #expect(plain.stdout.hasPrefix("Frozen until 2 January 2027: holiday\n"), "\(plain.stdout)")

        let shown = try desk.run(["members", "show", "ANNA"], frozenAt: "2026-12-25 10:00:00")
        #expect(shown.stdout.contains("frozen                 2026-12-20..2027-01-02 (holiday)"), "\(shown.stdout)")
        #expect(try desk.run(["members", "list"], frozenAt: "2026-12-25 10:00:00").stdout.contains("frozen"))

        // Back on the 27th: the hold ends on the 26th, its last seven days given back to the expiry.
        let early = try desk.run(["members", "unfreeze", "ANNA"], frozenAt: "2026-12-27 09:00:00")
        #expect(early.stdout == "unfroze Anna; expires 2027-02-07 (was 2027-02-14)\n", "\(early.stdout)\(early.stderr)")
        let back = try desk.run(["checkin", "ANNA", "--json"], frozenAt: "2026-12-27 09:05:00")
        try #expect((Self.json(back))["outcome"] as? String == "checkedIn")
        let record = try desk.run(["audit", "--json"], frozenAt: "2026-12-27 09:10:00").stdout
        #expect(record.contains("\"action\":\"freeze\"") && record.contains("\"action\":\"unfreeze\""), "\(record)")
        #expect(try desk.run(["members", "unfreeze", "ANNA"], frozenAt: "2026-12-27 09:10:00").status == 1)
    }

    @Test func aWaiverIsRequiredLapsesAndAMinorNeedsAGuardian() throws {
        let desk = try Self.desk("debounce_seconds = 0\n[plans]\nrequire_waiver = true\nwaiver_valid_days = 365\n")
        try #require(try desk.run(["members", "add", "--pass", "BEN", "--name", "Ben", "--birthday", "2012-05-01"],
                                  frozenAt: "2026-12-01 10:00:00").status == 0)
        let none = try desk.run(["checkin", "BEN", "--json"], frozenAt: "2026-12-01 10:01:00")
        try #expect(none.status == 3 && (Self.json(none))["reason"] as? String == "waiverNeeded")
        #expect(try desk.run(["members", "edit", "BEN", "--waiver", "2026-12-01"], frozenAt: "2026-12-01 10:02:00").status == 0)
        let minor = try desk.run(["checkin", "BEN", "--json"], frozenAt: "2026-12-01 10:03:00")
        try #expect((Self.json(minor))["reason"] as? String == "guardianNeeded")
        #expect(try desk.run(["members", "edit", "BEN", "--guardian", "Kim Lee"], frozenAt: "2026-12-01 10:04:00").status == 0)
        let signed = try desk.run(["checkin", "BEN", "--json"], frozenAt: "2026-12-01 10:05:00")
        try #expect((Self.json(signed))["outcome"] as? String == "checkedIn")
        let lapsed = try desk.run(["checkin", "BEN", "--json"], frozenAt: "2027-12-01 10:05:00")
        try #expect((Self.json(lapsed))["message"] as? String == "Waiver needed: the last one has lapsed")
        let bad = try desk.run(["members", "edit", "BEN", "--waiver", "2026-13-01"])
        #expect(bad.status == 64 && bad.stderr.contains("is not a day"))
    }

    @Test func anAlertShowsOnEveryTapUntilCleared() throws {
        let desk = try Self.desk()
        try #require(try desk.run(["members", "add", "--pass", "CARL", "--name", "Carl"]).status == 0)
        #expect(try desk.run(["members", "edit", "CARL", "--alert", "Unpaid since November"]).status == 0)
        let first = try desk.run(["checkin", "CARL"])
        #expect(first.stdout.contains("Alert: Unpaid since November\n"), "\(first.stdout)")
        let json = try Self.json(try desk.run(["checkin", "CARL", "--json"]))
        #expect(json["alert"] as? String == "Unpaid since November")
        let list = try desk.run(["members", "list"]).stdout
        #expect(list.contains("Alert") && list.contains("Unpaid since November"), "\(list)")
        #expect(try desk.run(["members", "edit", "CARL", "--alert", ""]).status == 0)
        #expect(try !desk.run(["checkin", "CARL"]).stdout.contains("Alert"))
        let record = try desk.run(["audit", "--json"]).stdout
        #expect(record.contains("Unpaid since November") && record.contains("\"field\":\"alert\""), "\(record)")
        let long = try desk.run(["members", "edit", "CARL", "--alert", String(repeating: "x", count: 121)])
        #expect(long.status == 64 && long.stderr.contains("at most 120"), "\(long.stderr)")
    }
}
