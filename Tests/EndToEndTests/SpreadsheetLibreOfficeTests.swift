import Foundation
import MemberDeskTestSupport
import Testing

/// A genuine spreadsheet round trip: `memberdesk export members.csv`, edited, opened and saved by
/// LibreOffice Calc (which drops the BOM and reads a pass of digits as a number), then imported
/// by the built binary. Counts never change; each edit is taken or refused with a word.
@Suite("Spreadsheet round trip through LibreOffice", .serialized)
struct SpreadsheetLibreOfficeTests {
    private func visits(_ desk: DeskBinary, _ pass: String) throws -> String {
        let shown = try desk.run(["members", "show", pass, "--json"]).stdout
        return shown.firstMatch(of: /"numVisits":(\d+)/).map { String($0.output.1) } ?? "?"
    }

    @Test("with and without the Sync column: names and e-mails come back, counts stay, a pass Calc made a number is refused")
    func roundTrip() throws {
        let desk = try DeskBinary()
        try desk.writeConfig("debounce_seconds = 0\n")
        try #require(try desk.run(["members", "add", "--pass", "0012", "--name", "Anna", "--email", "anna@old.example"]).status == 0)
        try #require(try desk.run(["members", "add", "--pass", "04A1B2C3", "--name", "Bo"]).status == 0)
        for pass in ["0012", "0012", "04A1B2C3"] { try #require(try desk.run(["checkin", pass]).status == 0) }

        for keepSync in [true, false] {
            let csv = desk.home.file("members-\(keepSync).csv")
            try #require(try desk.run(["export", csv]).status == 0)
            var sheet = try SpreadsheetFile(path: csv)
            if !keepSync { sheet.removeColumn("Sync") }
            let name = keepSync ? "Bo Berg" : "Bo Berg-Lund"
            sheet.set("Name", to: name, whereColumn: "Pass ID", is: "04A1B2C3")
            sheet.set("E-mail", to: "anna@new\(keepSync).example", whereColumn: "Pass ID", is: "0012")
            try sheet.save(to: csv)
            try HeadlessLibreOffice.openAndSave(csv: csv)
            #expect(try String(contentsOfFile: csv, encoding: .utf8).contains(",12,"), "Calc kept the pass as text this time")

            let imported = try desk.run(["import", csv, "--yes"])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.hasPrefix("imported \(csv): 0 new, 2 updated, 0 unified, 0 deleted, 0 unchanged, 1 refused\n"), "\(imported.stdout)")
            #expect(imported.stdout.contains("the spreadsheet turned the pass into a number"), "\(imported.stdout)")
            #expect(try visits(desk, "0012") == "2" && visits(desk, "04A1B2C3") == "1")
            #expect(try desk.run(["members", "show", "04A1B2C3", "--json"]).stdout.contains(name))
            #expect(try desk.run(["members", "show", "0012", "--json"]).stdout.contains("anna@new\(keepSync).example"))
            // The same file again: its edits are in, the pass is still refused, nothing changes.
            let again = try desk.run(["import", csv, "--yes"])
            #expect(again.stdout.hasPrefix("imported \(csv): 0 new, 0 updated, 0 unified, 0 deleted, 2 unchanged, 1 refused\n"), "\(again.stdout)")
        }
    }
}
