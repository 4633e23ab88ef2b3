import Foundation
import Testing

/// `export` and `import`, in-process, between two scratch terminals.
@Suite struct ExportImportCommandTests {
    @Test func exportThenImportIntoAnotherDesk() async throws {
        let front = try InProcessDesk(), back = try InProcessDesk(config: "debounce_seconds = 0\n")
        try #require(await front.run(["members", "add", "--pass", "P1", "--name", "Ann"]).status == 0)
        try #require(await front.run(["checkin", "P1"]).status == 0)
        let file = front.home.path + "/front.musrl"
        #expect(await front.run(["export", file]) == .init(status: 0, stdout: "exported 1 member to \(file) (musrl)\n", stderr: ""))

        let dry = await back.run(["import", file, "--dry-run"])
        #expect(dry.status == 0 && dry.stderr.isEmpty)
        #expect(dry.stdout.hasPrefix("\(file): 1 new, 0 updated, 0 unified, 0 deleted, 0 unchanged\n"))
        #expect(dry.stdout.hasSuffix("nothing written (dry run)\n"))
        #expect(await back.run(["members", "list", "--json"]).stdout.isEmpty)

        let applied = await back.run(["import", file, "--yes"])
        #expect(applied.status == 0)
        #expect(applied.stdout.hasPrefix("imported \(file): 1 new, 0 updated, 0 unified, 0 deleted, 0 unchanged\n"))
        #expect(await back.run(["checkin", "P1"]) == .init(status: 0, stdout: "Welcome back, Ann — visit #2\n", stderr: ""))
    }

    @Test func aBadFileIsOneLineAndWritesNothing() async throws {
        let desk = try InProcessDesk()
        let file = desk.home.path + "/bad.musrl"
        try Data("[{\"memberId\": 1}".utf8).write(to: URL(fileURLWithPath: file))
        let result = await desk.run(["import", file, "--yes"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("memberdesk: \(file)"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(await desk.run(["members", "list", "--json"]).stdout.isEmpty)

        let missing = await desk.run(["import", desk.home.path + "/none.musrl", "--yes"])
        #expect(missing.status == 1 && missing.stderr.hasPrefix("memberdesk: "))
    }

    /// Issue #23 item 2: a spreadsheet holds live members only, and every count says live members
    /// (with the deletions apart where they travel too); "active this week" leaves the deleted out.
    @Test func deletedMembersAreNeitherExportedToSpreadsheetsNorCounted() async throws {
        let desk = try InProcessDesk()
        for (pass, name) in [("P1", "Ann"), ("P2", "Bea"), ("P3", "Cyd")] {
            try #require(await desk.run(["members", "add", "--pass", pass, "--name", name]).status == 0)
        }
        try #require(await desk.run(["checkin", "P2"]).status == 0)
        try #require(await desk.run(["checkin", "P3"]).status == 0)
        try #require(await desk.run(["members", "delete", "P3", "--yes"]).status == 0)

        let csv = desk.home.path + "/members.csv"
        #expect(await desk.run(["export", csv]) == .init(status: 0, stdout: "exported 2 members to \(csv) (csv)\n", stderr: ""))
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 3, "a header and two live members: \(rows)")
        #expect(!rows.contains { $0.contains("Cyd") })

        let musrl = desk.home.path + "/members.musrl"
        #expect(await desk.run(["export", musrl])
                == .init(status: 0, stdout: "exported 2 members, 1 deletion to \(musrl) (musrl)\n", stderr: ""))
        #expect(try String(contentsOfFile: musrl, encoding: .utf8).contains("Cyd"), "the tombstone travels for sync")
        let clubKit = desk.home.path + "/clubkit.musrl"
        #expect(await desk.run(["export", clubKit, "--clubkit"]).stdout == "exported 2 members to \(clubKit) (musrl)\n")

        let stats = await desk.run(["stats", "--json"]).stdout
        #expect(stats.contains(#""memberCount":2"#) && stats.contains(#""activeThisWeek":1"#), "\(stats)")
        #expect(stats.contains(#""activeThisMonth":1"#), "\(stats)")
    }
}
