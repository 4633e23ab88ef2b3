import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 46 item 4: the `.csv` a manager opens has readable headers and the columns a manager
/// asks about (plan, visits left, household, birthday, expiry, in local time), and still comes
/// back through the import exactly as it went out.
@Suite("The manager's spreadsheet export")
struct ManagerSpreadsheetExportTests {
    @Test("plan, visits left, household, birthday and a summer expiry in Berlin time; the round trip changes nothing")
    func managerColumns() throws {
        var desk = try DeskBinary()
        desk.extraEnvironment["TZ"] = "Europe/Berlin"
        try desk.writeConfig("debounce_seconds = 0\n")
        for arguments in [["members", "add", "--pass", "P1", "--name", "Anna", "--email", "anna@example.org", "--visits", "10",
                           "--birthday", "1990-05-17"],
                          ["members", "edit", "P1", "--expires", "2027-07-31"],
                          ["members", "add", "--pass", "P2", "--name", "Bo", "--household", "P1"],
                          ["checkin", "P1"]] {
            let result = try desk.run(arguments)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let csv = desk.home.file("members.csv")
        try #require(try desk.run(["export", csv]).status == 0)
        let sheet = try SpreadsheetFile(path: csv)
        #expect(sheet.header == ["Member ID", "Pass ID", "Name", "Added", "Visits", "Last visit", "E-mail", "Status", "Expires", "Note",
                                 "Plan", "Visits left", "Household", "Birthday", "Sync"])
        func cell(_ column: String, _ pass: String) -> String? {
            guard let c = sheet.header.firstIndex(of: column), let p = sheet.header.firstIndex(of: "Pass ID") else { return nil }
            return sheet.rows.first { $0[p] == pass }?[c]
        }
        #expect(cell("E-mail", "P1") == "anna@example.org")
        #expect(cell("Plan", "P1") == "pack" && cell("Visits left", "P1") == "9" && cell("Birthday", "P1") == "1990-05-17")
        #expect(cell("Expires", "P1") == "2027-07-31T23:59:59.999+02:00", "the day's end in summer time")
        #expect(cell("Plan", "P2") == "household" && cell("Household", "P2") == cell("Member ID", "P1"))

        let back = try desk.run(["import", csv, "--yes"])
        #expect(back.stdout == "imported \(csv): 0 new, 0 updated, 0 unified, 0 deleted, 2 unchanged\n", "\(back.stdout)\(back.stderr)")
        var withoutSync = sheet
        withoutSync.removeColumn("Sync")
        try withoutSync.save(to: csv)
        let again = try desk.run(["import", csv, "--yes"])
        #expect(again.stdout == "imported \(csv): 0 new, 0 updated, 0 unified, 0 deleted, 2 unchanged\n", "\(again.stdout)\(again.stderr)")
        #expect(try desk.run(["members", "show", "P1", "--json"]).stdout.contains(#""userEmailAddress":"anna@example.org""#))
    }
}
