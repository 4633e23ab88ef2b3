import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 46 item 3: the fields an import brings are no hidden store. `members show` lists them,
/// `members edit --unset FIELD` erases one, `--email ""` erases the e-mail, and an erasure
/// travels to another desk like any edit (nothing of the old value stays in what is exported).
@Suite struct ExtraFieldsCommandTests {
    /// A desk whose one member came from another system's list, with its other columns kept.
    private func deskWithImportedMember() async throws -> InProcessDesk {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\n")
        let file = desk.home.path + "/old.csv"
        try "Name,E-mail,Card,Membership,Locker\nAnna Lee,anna@old.example,04:a2:3c:99,Annual,17\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = await desk.run(["import", file, "--keep-other-columns", "--yes"])
        try #require(imported.status == 0, "\(imported)")
        return desk
    }

    @Test func membersShowListsEveryFieldTheMemberHolds() async throws {
        let desk = try await deskWithImportedMember()
        let shown = await desk.run(["members", "show", "04A23C99"])
        #expect(shown.stdout.contains("userEmailAddress       anna@old.example\n"), "\(shown)")
        #expect(shown.stdout.contains("Locker                 17\n") && shown.stdout.contains("Membership             Annual\n"), "\(shown)")
    }

    @Test func anUnsetFieldAndAnEmptiedEmailAreGoneFromEveryExport() async throws {
        let desk = try await deskWithImportedMember()
        let edited = await desk.run(["members", "edit", "04A23C99", "--unset", "Locker", "--unset", "membership", "--email", ""])
        #expect(edited.status != 0 && edited.stderr.contains("--unset membership: Anna Lee has no field 'membership' (their fields: Locker, Membership, userEmailAddress)"),
                "a field is named as members show names it: \(edited)")
        #expect(await desk.run(["members", "edit", "04A23C99", "--unset", "Locker", "--unset", "Membership", "--email", ""]).status == 0)
        let json = await desk.run(["members", "show", "04A23C99", "--json"]).stdout
        #expect(json.contains(#""Locker":null"#) && json.contains(#""Membership":null"#) && json.contains(#""userEmailAddress":null"#), "\(json)")
        #expect(!(await desk.run(["members", "show", "04A23C99"]).stdout.contains("Locker")), "an erased field is not listed")
        for format in ["musrl", "mucsv", "csv"] {
            let out = desk.home.path + "/after.\(format)"
            #expect(await desk.run(["export", out]).status == 0)
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(!text.contains("anna@old.example") && !text.contains("Annual"), "\(format): \(text)")
        }

        // Another desk that had the old values takes the erasure as any edit.
        let other = try InProcessDesk(config: "debounce_seconds = 0\n")
        let before = desk.home.path + "/before.musrl"
        let fresh = try await deskWithImportedMember()
        #expect(await fresh.run(["export", before]).status == 0)
        #expect(await other.run(["import", before, "--yes"]).status == 0)
        #expect(await other.run(["members", "show", "04A23C99", "--json"]).stdout.contains("anna@old.example"))
        #expect(await other.run(["import", desk.home.path + "/after.musrl", "--yes"]).status == 0)
        let there = await other.run(["members", "show", "04A23C99", "--json"]).stdout
        // The erased value is gone there too (the desk that merged it holds no Locker key at all).
        #expect(!there.contains("anna@old.example") && !there.contains("Annual") && !there.contains(#""Locker":"17""#), "\(there)")
    }

    @Test func unsettingAFieldTheMemberDoesNotHoldIsOneLine() async throws {
        let desk = try await deskWithImportedMember()
        let result = await desk.run(["members", "edit", "04A23C99", "--unset", "Shoe size"])
        #expect(result.status == 64 && result.stderr.contains("--unset Shoe size: Anna Lee has no field 'Shoe size'"), "\(result)")
        #expect(await desk.run(["members", "show", "04A23C99", "--json"]).stdout.contains(#""Locker":"17""#), "nothing changed")
    }
}
