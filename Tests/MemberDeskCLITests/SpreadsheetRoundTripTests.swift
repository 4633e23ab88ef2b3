import Foundation
import MemberDeskTestSupport
import Testing

/// A spreadsheet round trip (export `.csv`, edit it as a person would in LibreOffice, keep or
/// delete the Sync column, import) never changes a count, and takes or clearly refuses each edit.
@Suite struct SpreadsheetRoundTripTests {
    /// A desk where Anna has 2 visits and Bo 1, exported to `members.csv`.
    private func deskWithVisits() async throws -> (InProcessDesk, String) {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\n")
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Anna", "--email", "anna@old.example"]).status == 0)
        try #require(await desk.run(["members", "add", "--pass", "P2", "--name", "Bo"]).status == 0)
        for pass in ["P1", "P1", "P2"] { try #require(await desk.run(["checkin", pass]).status == 0) }
        let csv = desk.home.path + "/members.csv"
        try #require(await desk.run(["export", csv]).status == 0)
        return (desk, csv)
    }

    private func visits(_ desk: InProcessDesk, _ pass: String) async -> String {
        let shown = await desk.run(["members", "show", pass, "--json"]).stdout
        return shown.firstMatch(of: /"numVisits":(\d+)/).map { String($0.output.1) } ?? "?"
    }

    @Test func reimportingOurOwnExportWithoutItsSyncColumnChangesNothing() async throws {
        let (desk, csv) = try await deskWithVisits()
        var sheet = try SpreadsheetFile(path: csv)
        sheet.removeColumn("Sync")
        try sheet.save(to: csv)

        let result = await desk.run(["import", csv, "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "imported \(csv): 0 new, 0 updated, 0 unified, 0 deleted, 2 unchanged\n")
        #expect(await visits(desk, "P1") == "2")
        #expect(await visits(desk, "P2") == "1")
    }

    @Test func aNameFixedWithoutTheSyncColumnIsTakenAndCountsStay() async throws {
        let (desk, csv) = try await deskWithVisits()
        var sheet = try SpreadsheetFile(path: csv)
        sheet.removeColumn("Sync")
        sheet.set("Name", to: "Anna Smith", whereColumn: "Pass ID", is: "P1")
        sheet.set("E-mail", to: "anna@new.example", whereColumn: "Pass ID", is: "P1")
        try sheet.save(to: csv)

        let preview = await desk.run(["import", csv, "--dry-run"])
        #expect(preview.stdout == """
            \(csv): 0 new, 1 updated, 0 unified, 0 deleted, 1 unchanged
              updated  Anna Smith
                         name "Anna" → "Anna Smith"
                         email "anna@old.example" → "anna@new.example"
            nothing written (dry run)

            """)
        #expect(await desk.run(["import", csv, "--yes"]).status == 0)
        let shown = await desk.run(["members", "show", "P1", "--json"]).stdout
        #expect(shown.contains(#""username":"Anna Smith""#) && shown.contains("anna@new.example"))
        #expect(await visits(desk, "P1") == "2")
        // Again: the edit is in, so nothing changes.
        #expect(await desk.run(["import", csv, "--yes"]).stdout == "imported \(csv): 0 new, 0 updated, 0 unified, 0 deleted, 2 unchanged\n")
    }

    @Test func aRowWhoseSyncCellWasEmptiedStillTakesItsNameFix() async throws {
        let (desk, csv) = try await deskWithVisits()
        var sheet = try SpreadsheetFile(path: csv)
        sheet.set("Sync", to: "", whereColumn: "Pass ID", is: "P2")
        sheet.set("Name", to: "Bo Berg", whereColumn: "Pass ID", is: "P2")
        try sheet.save(to: csv)

        let result = await desk.run(["import", csv, "--yes"])
        #expect(result.stdout.hasPrefix("imported \(csv): 0 new, 1 updated, 0 unified, 0 deleted, 1 unchanged\n"), "\(result)")
        #expect(await desk.run(["members", "show", "P2", "--json"]).stdout.contains(#""username":"Bo Berg""#))
        #expect(await visits(desk, "P2") == "1")
        #expect(await visits(desk, "P1") == "2")
    }

    @Test func anEditedVisitsCellIsRefusedWithAWord() async throws {
        let (desk, csv) = try await deskWithVisits()
        for keepSync in [true, false] {
            var sheet = try SpreadsheetFile(path: csv)
            if !keepSync { sheet.removeColumn("Sync") }
            sheet.set("Visits", to: "7", whereColumn: "Pass ID", is: "P1")
            let edited = desk.home.path + "/edited-\(keepSync).csv"
            try sheet.save(to: edited)
            let result = await desk.run(["import", edited, "--yes"])
            #expect(result.stdout == """
                imported \(edited): 0 new, 0 updated, 0 unified, 0 deleted, 2 unchanged, 1 refused
                  refused  Anna: visits are counted by the desks' taps: the file's Visits is not taken
                             visits 2 → 7

                """, "keepSync \(keepSync)")
            #expect(await visits(desk, "P1") == "2")
        }
    }

    @Test func aStaleRowIsRefusedNotDroppedSilently() async throws {
        let (desk, csv) = try await deskWithVisits()
        // Staff rename Anna at the desk after the export; the spreadsheet still fixes her e-mail:
        // fields merge one by one, so the stale name is refused and the e-mail fix is taken.
        try #require(await desk.run(["members", "edit", "P1", "--name", "Anna B"]).status == 0)
        var sheet = try SpreadsheetFile(path: csv)
        sheet.set("E-mail", to: "anna@new.example", whereColumn: "Pass ID", is: "P1")
        try sheet.save(to: csv)

        let result = await desk.run(["import", csv, "--dry-run"])
        #expect(result.stdout == """
            \(csv): 0 new, 1 updated, 0 unified, 0 deleted, 1 unchanged, 1 refused
              refused  Anna B: changed here since this file was exported: its values are not taken
                         name "Anna B" → "Anna"
              updated  Anna B
                         email "anna@old.example" → "anna@new.example"
            nothing written (dry run)

            """)
    }

    @Test func aRowOfADeletedMemberWithoutSyncIsRefused() async throws {
        let (desk, csv) = try await deskWithVisits()
        try #require(await desk.run(["members", "delete", "P2", "--yes"]).status == 0)
        var sheet = try SpreadsheetFile(path: csv)
        sheet.removeColumn("Sync")
        try sheet.save(to: csv)
        let result = await desk.run(["import", csv, "--yes"])
        #expect(result.stdout == """
            imported \(csv): 0 new, 0 updated, 0 unified, 0 deleted, 2 unchanged, 1 refused
              refused  Bo                       deleted here (or unified into another member): the row is not taken

            """)
        #expect(await desk.run(["members", "show", "P2"]).status != 0)
    }
}
