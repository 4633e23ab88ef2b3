import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 46 item 2 (with issue 45 item 2): a club moves its list in. A realistic export of another
/// system (40 members, accents, a CJK name, an empty e-mail, a row given twice, cards written with
/// colons, and expiry days in a second layout), imported by the built binary in Berlin's zone.
@Suite("Moving a member list in")
struct MovingInTests {
    static let firstNames = ["Zoë", "José", "Łukasz", "Françoise", "Kenji", "Ingrid", "Mark", "Aoife"]
    static let lastNames = ["Ångström", "Núñez", "Wróbel", "Lefèvre", "O'Brien"]

    /// Row `i` (1…40): the card of member 1 is `04:a2:3c:99`; odd cards are written with colons in
    /// lowercase, even ones packed. Every third member's expiry is in summer, written DD.MM.YYYY.
    static func row(_ i: Int) -> [String] {
        let first = i == 20 ? "花子" : firstNames[(i - 1) % firstNames.count]
        let last = i == 20 ? "山田" : lastNames[(i - 1) / firstNames.count]
        let byte = String(format: "%02x", i == 1 ? 0x99 : i)
        let card = i % 2 == 1 ? "04:a2:3c:\(byte)" : "04A23C\(byte.uppercased())"
        let email = i == 7 ? "" : "member\(i)@example.org"
        let expiry = i % 3 == 0 ? "31.07.2027" : "2027-01-31"
        return [first, last, email, card, i % 2 == 0 ? "Annual" : "Monthly", expiry, "+49 30 555 \(1000 + i)", i == 5 ? "Belays, \"lead\"" : ""]
    }

    static var export: String {
        let header = "First Name,Last Name,Email,Card Number,Membership,Expiry Date,Phone,Notes"
        var rows = (1...40).map(row)
        rows.insert(row(12), at: 30)  // the old system listed one member twice
        func cell(_ text: String) -> String {
            text.contains(where: { ",\"".contains($0) }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        return ([header] + rows.map { $0.map(cell).joined(separator: ",") }).joined(separator: "\r\n") + "\r\n"
    }

    private func desk() throws -> DeskBinary {
        var desk = try DeskBinary()
        desk.extraEnvironment["TZ"] = "Europe/Berlin"
        try desk.writeConfig("debounce_seconds = 0\n")
        return desk
    }

    private func expiresAt(_ desk: DeskBinary, _ pass: String) throws -> Double? {
        let shown = try desk.run(["members", "show", pass, "--json"]).stdout
        return shown.firstMatch(of: /"expiresAt":([0-9.]+)/).flatMap { Double($0.output.1) }
    }

    private func time(_ iso: String) throws -> Double {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try #require(formatter.date(from: iso)).timeIntervalSince1970
    }

    @Test("the preview shows the mapping and the first members as stored, and writes nothing")
    func preview() throws {
        let desk = try desk()
        let file = desk.home.file("old-system.csv")
        try Self.export.write(toFile: file, atomically: true, encoding: .utf8)
        let preview = try desk.run(["import", file, "--date-format", "DD.MM.YYYY", "--dry-run"], at: "2027-01-10 10:00:00")
        #expect(preview.status == 0, "\(preview.stderr)")
        let out = preview.stdout
        #expect(out.hasPrefix("\(file): 40 new, 0 updated, 0 unified, 0 deleted, 0 unchanged\n"), "\(out)")
        for line in [#""First Name" → first-name"#, #""Last Name" → last-name"#, #""Email" → email"#, #""Card Number" → pass"#,
                     #""Expiry Date" → expires"#, #""Phone" → phone"#, #""Notes" → note"#,
                     #""Membership" → not imported (--keep-other-columns keeps it as a member field)"#,
                     "Zoë Ångström · pass 04A23C99 · expires 2027-01-31 23:59 · phone +49 30 555 1001 · userEmailAddress member1@example.org",
                     "Łukasz Ångström · pass 04A23C03 · expires 2027-07-31 23:59 · phone +49 30 555 1003 · userEmailAddress member3@example.org",
                     "1 row repeated word for word: read once", "nothing written (dry run)"] {
            #expect(out.contains(line), "\(line) in \(out)")
        }
        #expect(try desk.run(["members", "list"]).stdout.contains("Zoë") == false, "nothing written")
    }

    @Test("a day means through its end in Berlin, summer and winter; cards are found as tapped; importing again changes nothing")
    func importAndTap() throws {
        let desk = try desk()
        let file = desk.home.file("old-system.csv")
        try Self.export.write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try desk.run(["import", file, "--yes"], at: "2027-01-10 10:00:00")
        #expect(refused.status != 0 && refused.stderr.contains("'31.07.2027' is not a date") && refused.stderr.contains("--date-format"),
                "a second layout is never guessed: \(refused.stderr)")

        let imported = try desk.run(["import", file, "--date-format", "DD.MM.YYYY", "--keep-other-columns", "--yes"], at: "2027-01-10 10:00:00")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("imported \(file): 40 new, 0 updated, 0 unified, 0 deleted, 0 unchanged\n"), "\(imported.stdout)")
        #expect(try expiresAt(desk, "04A23C01") == nil, "member 1's card is 04:a2:3c:99, not 01")
        // Within half a millisecond: the JSON prints a double, the rule's end is a millisecond before midnight.
        let winter = try #require(try expiresAt(desk, "04A23C99")), summer = try #require(try expiresAt(desk, "04A23C03"))
        #expect(abs(winter - (try time("2027-01-31T23:59:59.999+01:00"))) < 0.0005, "\(winter)")
        #expect(abs(summer - (try time("2027-07-31T23:59:59.999+02:00"))) < 0.0005, "the summer day ends at its own midnight: \(summer)")
        let shown = try desk.run(["members", "show", "04a23c14", "--json"]).stdout
        #expect(shown.contains(#""username":"花子 山田""#) && shown.contains(#""Membership":"Annual""#), "\(shown)")
        #expect(try desk.run(["members", "show", "04:a2:3c:07", "--json"]).stdout.contains(#""userEmailAddress":null"#), "the empty e-mail is none")

        // The card written 04:a2:3c:99 is the one a reader gives as 04A23C99: Zoë, not a new member.
        let tap = try desk.run(["checkin", "04A23C99", "--json"], at: "2027-01-10 11:00:00")
        #expect(tap.stdout.contains(#""username":"Zoë Ångström""#) && tap.stdout.contains(#""outcome":"checkedIn""#), "\(tap.stdout)")
        let again = try desk.run(["import", file, "--date-format", "DD.MM.YYYY", "--keep-other-columns", "--yes"], at: "2027-01-11 10:00:00")
        #expect(again.stdout.hasPrefix("imported \(file): 0 new, 0 updated, 0 unified, 0 deleted, 40 unchanged\n"), "\(again.stdout)")
        // A fix made in the sheet afterwards is an edit of that member, even without a Status column.
        var sheet = try SpreadsheetFile(path: file)
        sheet.set("Expiry Date", to: "2027-03-31", whereColumn: "Card Number", is: "04A23C02")
        try sheet.save(to: file)
        let fixed = try desk.run(["import", file, "--date-format", "DD.MM.YYYY", "--keep-other-columns", "--yes"], at: "2027-01-12 10:00:00")
        #expect(fixed.stdout.hasPrefix("imported \(file): 0 new, 1 updated, 0 unified, 0 deleted, 39 unchanged\n"), "\(fixed.stdout)")
        let moved = try #require(try expiresAt(desk, "04A23C02"))
        #expect(abs(moved - (try time("2027-03-31T23:59:59.999+02:00"))) < 0.0005, "\(moved)")
        let count = try desk.run(["members", "list", "--json"]).stdout.split(separator: "\n").count
        #expect(count == 40, "no second member for any card")
    }
}
