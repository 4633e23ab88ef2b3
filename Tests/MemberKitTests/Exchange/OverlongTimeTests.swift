import Foundation
@testable import MemberKit
import Testing

/// The CSVReader fuzz target found that ICU's ISO-8601 parser dies of SIGFPE on a fraction of
/// 35 digits or more: such a time is now a bad field, never handed to ICU.
@Suite struct OverlongTimeTests {
    static let overlong = "2026-11-22T16:06:17." + String(repeating: "4", count: 120) + "Z"

    @Test func anOverlongFractionIsNoTime() {
        #expect(LocalTime.parse(Self.overlong) == nil)
        #expect(!ISO8601Text.isPlausible(Self.overlong))
        #expect(ISO8601Text.date(from: Self.overlong) == nil)
    }

    @Test func ordinaryTimesStillParse() throws {
        let time = try #require(LocalTime.parse("2026-11-22T16:06:17.205Z"))
        #expect(abs(time - 1_795_363_577.205) < 0.001)
        #expect(LocalTime.parse("2026-11-22T16:06:17+01:00") == 1_795_359_977)
        #expect(ISO8601Text.isPlausible("2026-11-22T16:06:17.123456789+01:00"))
        // Epoch seconds (ten digits) are not ICU's to parse and still work.
        #expect(LocalTime.parse("1795363577") == 1_795_363_577)
    }

    /// The fuzzer's input, reduced: a spreadsheet row whose Added time has 120 fraction digits.
    @Test func aSpreadsheetRowWithAnOverlongTimeIsABadFieldNotACrash() throws {
        func rows(added: String) throws -> Int {
            let csv = "Member ID,Pass ID,Name,Added,Visits,Last visit,Status\n"
                + "4E0FCD94-C3DB-4869-9949-26B9B656E6C2,04AB2C3,Ann,\(added),1,2026-11-22T16:06:17.205Z,active\n"
            let decoder = ExchangeFormat.csv.decoder(bytes: Array(csv.utf8), name: "fuzz.csv")
            var count = 0
            while try decoder.next() != nil { count += 1 }
            return count
        }
        #expect(try rows(added: "2026-11-22T16:06:17.144Z") == 1)
        #expect(throws: (any Error).self) { try rows(added: Self.overlong) }
    }

    @Test func membersEditRefusesAnOverlongExpiry() {
        #expect(throws: (any Error).self) { try MemberFieldRules.expiry(Self.overlong, calendar: .current) }
    }
}
