import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 48 section 6 and the day pass, through the built binary under faketime, in the club's
/// zone (Europe/Berlin): a pack sold, a walk-in's day pass admitted before closing and refused
/// after it, and the report's sales CSV.
@Suite("Sales through the binary", .serialized)
struct SalesEndToEndTests {
    @Test func sellDayPassAndSalesCSV() throws {
        var desk = try DeskBinary()
        desk.extraEnvironment["TZ"] = "Europe/Berlin"
        desk.extraEnvironment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        try desk.writeConfig("""
            debounce_seconds = 0
            [occupancy]
            closing_time = "22:00"
            [plans]
            currency = "EUR"
            [plans.catalogue.ten-pack]
            kind = "pack"
            visits = 10
            price = "120.00"
            """)
        func at(_ moment: String, _ arguments: [String], status: Int32 = 0) throws -> DeskBinary.Result {
            let result = try desk.run(arguments, frozenAt: "2026-03-29 \(moment)")
            try #require(result.status == status, "\(arguments) at \(moment): \(result.stdout) \(result.stderr)")
            return result
        }
        // The spring change's day: 22:00 in Berlin is 20:00 UTC.
        _ = try at("10:00:00", ["members", "add", "--pass", "P1", "--name", "Ann"])
        let sold = try at("10:05:00", ["members", "sell", "P1", "ten-pack"])
        #expect(sold.stdout.hasPrefix("sold ten-pack for 120.00 EUR to Ann (member ") && sold.stdout.hasSuffix("): pack, 10 visits left, expires never\n"))
        let walkIn = try at("11:00:00", ["members", "add", "--pass", "W1", "--name", "Walk In", "--plan", "day"])
        #expect(walkIn.stdout.hasSuffix("; sold day for 0.00 EUR, expires 2026-03-29 22:00\n"), "\(walkIn.stdout)")
        _ = try at("21:59:00", ["checkin", "W1"])
        let refused = try at("22:01:00", ["checkin", "W1", "--json"], status: 3)
        #expect(refused.stdout.contains("\"reason\":\"expired\""))
        let expiry = try SQLiteShell.rows(desk.databasePath, "SELECT expiresAt FROM member WHERE passId = 'W1'")
        #expect(expiry.first?.first.flatMap(Double.init) == 1_774_814_400)
        let csv = desk.home.path + "/sales.csv", html = desk.home.path + "/report.html"
        let report = try at("22:30:00", ["report", "--from", "2026-03-29", "--to", "2026-03-29", "--out", html, "--sales-csv", csv])
        #expect(report.stdout.hasSuffix("Wrote \(csv): 2 sales\n"))
        let lines = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n")
        #expect(lines.count == 4 && lines[0] == "time,day,desk,operator,plan,kind,price,currency,member" && lines[3].isEmpty)
        #expect(lines[1].hasPrefix("2026-03-29T08:05:00Z,2026-03-29,Front desk,cli:") && lines[1].contains(",ten-pack,pack,120.00,EUR,"))
        #expect(lines[2].hasPrefix("2026-03-29T09:00:00Z,2026-03-29,Front desk,cli:") && lines[2].contains(",day,day,0.00,EUR,"))
        #expect(try String(contentsOfFile: html, encoding: .utf8).contains("data-figure=\"sales-count\">2<"))
    }
}
