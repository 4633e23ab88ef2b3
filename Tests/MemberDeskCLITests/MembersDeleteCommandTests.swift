import Testing

/// `members delete` asks on a terminal; a script says --yes; without either nothing is deleted.
@Suite struct MembersDeleteCommandTests {
    @Test func withoutATerminalOrYesNothingIsDeleted() async throws {
        let desk = try InProcessDesk()
        let added = await desk.run(["members", "add", "--pass", "P1", "--name", "Bea"])
        let id = try #require(InProcessDesk.memberId(in: added.stdout))
        let refused = await desk.run(["members", "delete", "P1"])
        #expect(refused == .init(status: 1, stdout: "", stderr: "memberdesk: nothing deleted: no terminal to ask, "
                                 + "run with --yes to delete Bea (member \(id), pass P1)\n"))
        #expect(await desk.run(["members", "show", "P1"]).status == 0)
        #expect(await desk.run(["members", "delete", "P1", "--yes"])
                == .init(status: 0, stdout: "deleted Bea (member \(id))\n", stderr: ""))
        #expect(await desk.run(["members", "show", "P1"]).status == 1)
    }

    @Test func onATerminalItAsksFirst() async throws {
        let desk = try InProcessDesk()
        let added = await desk.run(["members", "add", "--pass", "P1", "--name", "Bea"])
        let id = try #require(InProcessDesk.memberId(in: added.stdout))
        let question = "Delete Bea (member \(id), pass P1)? [y/N] "
        #expect(await desk.run(["members", "delete", "P1"], answers: [""])
                == .init(status: 0, stdout: question + "nothing deleted (not confirmed)\n", stderr: ""))
        #expect(await desk.run(["members", "show", "P1"]).status == 0)
        #expect(await desk.run(["members", "delete", "P1"], answers: ["y"])
                == .init(status: 0, stdout: question + "deleted Bea (member \(id))\n", stderr: ""))
        #expect(await desk.run(["members", "show", "P1"]).status == 1)
    }
}
