import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 47 item 5: the core's settings read no zone from the process, so the club's local time
/// is what the desk's config hands in. Under `TZ=Pacific/Auckland` (UTC+13 in November) a visit
/// still open at 22:00 there is closed at 22:00 there, not at 22:00 UTC (11:00 the next morning).
@Suite("The closing time is the club's local time", .serialized)
struct ClubLocalTimeEndToEndTests {
    @Test func closingTimeIsReadInTheMachinesZone() throws {
        var desk = try DeskBinary()
        desk.extraEnvironment["TZ"] = "Pacific/Auckland"
        desk.extraEnvironment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        try desk.writeConfig("""
            debounce_seconds = 0
            [occupancy]
            closing_time = "22:00"
            max_stay_hours = 0
            """)
        func at(_ moment: String, _ arguments: [String]) throws -> DeskBinary.Result {
            let result = try desk.run(arguments, at: "2026-11-27 \(moment)")
            try #require(result.status == 0, "\(arguments) at \(moment): \(result.stderr)")
            return result
        }
        _ = try at("20:00:00", ["members", "add", "--pass", "NZ1", "--name", "Aroha"])
        _ = try at("21:50:00", ["checkin", "NZ1"])
        #expect(try at("21:55:00", ["inside", "--json"]).stdout.contains("NZ1"))
        // Past 22:00 in Auckland (09:10 UTC): closing time has checked Aroha out.
        #expect(try !at("22:10:00", ["inside", "--json"]).stdout.contains("NZ1"))
        let exits = try SQLiteShell.rows(desk.databasePath, "SELECT time FROM visit_event WHERE kind = 'exit'")
        let closedAt = try #require(exits.first?.first.flatMap(Double.init))
        // 2026-11-27 22:00 in Auckland is 09:00 UTC.
        #expect(closedAt == 1_795_770_000)
    }
}
