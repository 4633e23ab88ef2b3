import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 48 section 2 through the built binary, in Berlin (`TZ=Europe/Berlin`), its clock set by
/// faketime on 2026's daylight-saving change days: refused before opening and on a closed day,
/// admitted inside the hours, and checked out at the hours' closing with no `closing_time`.
@Suite("Opening hours", .serialized)
struct OpeningHoursEndToEndTests {
    static let config = """
        debounce_seconds = 0
        [occupancy]
        max_stay_hours = 0
        [hours]
        mon = "06:00-22:00"
        tue = "06:00-22:00"
        wed = "06:00-22:00"
        thu = "06:00-22:00"
        fri = "06:00-22:00"
        sat = "08:00-20:00"
        sun = "08:00-20:00"
        closed = ["2026-12-25"]
        """

    static func desk(_ config: String = config) throws -> DeskBinary {
        var desk = try DeskBinary()
        desk.extraEnvironment["TZ"] = "Europe/Berlin"
        desk.extraEnvironment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        try desk.writeConfig(config)
        return desk
    }

    static func json(_ result: DeskBinary.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\(result.stderr)")
    }

    /// `checkin PASS --json` at a local time: its outcome, reason and line.
    static func checkIn(_ desk: DeskBinary, _ pass: String, at time: String) throws -> (status: Int32, outcome: String?, reason: String?, message: String?) {
        let result = try desk.run(["checkin", pass, "--json"], frozenAt: time)
        let object = try json(result)
        return (result.status, object["outcome"] as? String, object["reason"] as? String, object["message"] as? String)
    }

    @Test func refusedBeforeOpeningAdmittedInsideRefusedOnAClosedDay() throws {
        let desk = try Self.desk()
        try #require(try desk.run(["members", "add", "--pass", "ANNA", "--name", "Anna"], frozenAt: "2026-03-01 12:00:00").status == 0)
        // The spring change day, a Sunday: 07:30 CEST is before opening.
        let early = try Self.checkIn(desk, "ANNA", at: "2026-03-29 07:30:00")
        #expect(early.status == 3 && early.outcome == "refused" && early.reason == "closed", "\(early)")
        #expect(early.message == "Closed — opens 08:00")
        let plain = try desk.run(["checkin", "ANNA"], frozenAt: "2026-03-29 07:45:00")
        #expect(plain.status == 3 && plain.stdout == "Closed — opens 08:00\n", "\(plain.stdout)")
        let open = try Self.checkIn(desk, "ANNA", at: "2026-03-29 08:00:00")
        #expect(open.status == 0 && open.outcome == "checkedIn", "\(open)")
        // Christmas Day, a Friday, is closed; Saturday opens at 08:00.
        let christmas = try Self.checkIn(desk, "ANNA", at: "2026-12-25 10:00:00")
        #expect(christmas.reason == "closed" && christmas.message == "Closed today — opens tomorrow 08:00", "\(christmas)")
    }

    @Test(arguments: [
        // Spring: 20:00 CEST is 18:00 UTC. Autumn: 20:00 CET is 19:00 UTC.
        ("2026-03-29", 1_774_807_200.0),
        ("2026-10-25", 1_792_954_800.0),
    ])
    func aMemberInsideIsCheckedOutAtTheHoursClosing(day: String, closing: Double) throws {
        let desk = try Self.desk()
        try #require(try desk.run(["members", "add", "--pass", "BEN", "--name", "Ben"], frozenAt: day + " 09:00:00").status == 0)
        #expect(try Self.checkIn(desk, "BEN", at: day + " 19:30:00").outcome == "checkedIn")
        #expect(try desk.run(["inside", "--json"], frozenAt: day + " 19:55:00").stdout.contains("BEN"))
        #expect(try !desk.run(["inside", "--json"], frozenAt: day + " 20:10:00").stdout.contains("BEN"))
        let exits = try SQLiteShell.rows(desk.databasePath, "SELECT time FROM visit_event WHERE kind = 'exit'")
        #expect(exits.compactMap { $0.first.flatMap(Double.init) } == [closing])
        // An entry after closing is refused: the club is closed until Monday.
        #expect(try Self.checkIn(desk, "BEN", at: day + " 20:30:00").message == "Closed — opens tomorrow 06:00")
    }

    @Test func aSetClosingTimeWinsOverTheHours() throws {
        let desk = try Self.desk(Self.config.replacingOccurrences(of: "max_stay_hours = 0", with: "max_stay_hours = 0\nclosing_time = \"19:45\""))
        try #require(try desk.run(["members", "add", "--pass", "CARL", "--name", "Carl"], frozenAt: "2026-10-25 09:00:00").status == 0)
        #expect(try Self.checkIn(desk, "CARL", at: "2026-10-25 19:30:00").outcome == "checkedIn")
        #expect(try !desk.run(["inside", "--json"], frozenAt: "2026-10-25 19:50:00").stdout.contains("CARL"))
    }

    @Test func aBadValueIsOneLineNamingTheKey() throws {
        let desk = try Self.desk("[hours]\nfri = \"22:00-02:00\"\n")
        let result = try desk.run(["config", "show"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("config key 'hours.fri': \"22:00-02:00\" does not end after it starts"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}
