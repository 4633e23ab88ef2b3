import Testing

/// `members` and `checkin`, in-process: the whole output and the exit status.
@Suite struct MembersCommandTests {
    @Test func addCheckInEditAndRefuse() async throws {
        let desk = try InProcessDesk()
        let added = await desk.run(["members", "add", "--pass", "04:a2:3b:1c", "--name", "Ann Lee", "--email", "ann@x.org"])
        let id = try #require(InProcessDesk.memberId(in: added.stdout))
        #expect(added == .init(status: 0, stdout: "added Ann Lee: member \(id), pass 04A23B1C\n", stderr: ""))

        #expect(await desk.run(["checkin", "04a23b1c"]) == .init(status: 0, stdout: "Welcome, Ann Lee — first visit\n", stderr: ""))
        // The CLI reads the real clock: on a loaded machine the second tap may come a second or two later.
        let again = await desk.run(["checkin", "04A23B1C"])
        #expect(again.status == 0 && again.stderr.isEmpty)
        #expect(again.stdout.wholeMatch(of: /Already checked in [0-9] s ago\n/) != nil, "\(again)")

        let suspended = await desk.run(["members", "edit", id, "--status", "suspended"])
        #expect(suspended == .init(status: 0, stdout: "updated Ann Lee (member \(id))\n", stderr: ""))
        #expect(await desk.run(["checkin", "04a23b1c"]) == .init(status: 3, stdout: "Suspended\n", stderr: ""))
    }

    @Test func unknownPassEnrolsOrIsReportedByPolicy() async throws {
        let auto = try InProcessDesk()
        #expect(await auto.run(["checkin", "1|NEW-7|x|Bea"]) == .init(status: 0, stdout: "Welcome, Bea — new member, visit #1\n", stderr: ""))

        let prompt = try InProcessDesk(config: "enrolment = \"prompt\"\n")
        let unknown = await prompt.run(["checkin", "UNKNOWN-1"])
        #expect(unknown.status == 3 && unknown.stderr.isEmpty)
        #expect(unknown.stdout.hasPrefix("Unknown card UNKNOWN-1 ("))
        #expect(await prompt.run(["members", "list", "--json"]).stdout.isEmpty)
    }

    @Test func badInputIsOneLineAndChangesNothing() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Ann"]).status == 0)
        #expect(await desk.run(["members", "edit", "P1", "--email", "nope"])
                == .init(status: 64, stdout: "", stderr: "memberdesk: 'nope' is not an email address (see 'memberdesk --help')\n"))
        #expect(await desk.run(["members", "show", "nobody"])
                == .init(status: 1, stdout: "", stderr: "memberdesk: no member with id or pass 'nobody'\n"))
        let unknown = await desk.run(["frobnicate"])
        #expect(unknown.status == 64 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("memberdesk: ") && unknown.stderr.hasSuffix("(see 'memberdesk --help')\n"))
        #expect(unknown.stderr.split(separator: "\n").count == 1)
        let shown = await desk.run(["members", "show", "P1", "--json"])
        #expect(shown.status == 0 && !shown.stdout.contains("nope"))
    }

    @Test func deleteThenShowIsNotFound() async throws {
        let desk = try InProcessDesk()
        let added = await desk.run(["members", "add", "--pass", "P1", "--name", "Bea"])
        let id = try #require(InProcessDesk.memberId(in: added.stdout))
        #expect(await desk.run(["members", "delete", "P1", "--yes"]) == .init(status: 0, stdout: "deleted Bea (member \(id))\n", stderr: ""))
        #expect(await desk.run(["members", "list", "--json"]) == .init(status: 0, stdout: "", stderr: ""))
        #expect(await desk.run(["members", "list"]).stdout.hasSuffix("(no members)\n"))
        #expect(await desk.run(["members", "show", id]).status == 1)
    }

    /// Issue #23 item 3: the CLI shows the effective status the desk shows, and filters by it.
    @Test func expiredMemberIsExpiredInListShowAndJSON() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["members", "add", "--pass", "OLD-1", "--name", "Olga"]).status == 0)
        try #require(await desk.run(["members", "add", "--pass", "NEW-1", "--name", "Nina"]).status == 0)
        try #require(await desk.run(["members", "add", "--pass", "SUS-1", "--name", "Sam"]).status == 0)
        try #require(await desk.run(["members", "edit", "OLD-1", "--expires", "2020-01-31"]).status == 0)
        try #require(await desk.run(["members", "edit", "SUS-1", "--status", "suspended"]).status == 0)

        let table = await desk.run(["members", "list"]).stdout.split(separator: "\n")
        #expect(table.contains { $0.contains("Olga") && $0.hasSuffix("  expired") }, "\(table)")
        #expect(table.contains { $0.contains("Nina") && $0.hasSuffix("  active") })
        #expect(table.contains { $0.contains("Sam") && $0.hasSuffix("  suspended") })

        let shown = await desk.run(["members", "show", "OLD-1"]).stdout
        #expect(shown.contains("\nstatus                 expired (stored: active)\n"), "\(shown)")
        let json = await desk.run(["members", "show", "OLD-1", "--json"]).stdout
        #expect(json.contains(#""effectiveStatus":"expired""#) && json.contains(#""status":"active""#), "\(json)")

        let expired = await desk.run(["members", "list", "--status", "expired", "--json"])
        #expect(expired.status == 0 && expired.stderr.isEmpty)
        #expect(expired.stdout.split(separator: "\n").count == 1 && expired.stdout.contains(#""username":"Olga""#), "\(expired)")
        #expect(expired.stdout.contains(#""effectiveStatus":"expired""#))
        let active = await desk.run(["members", "list", "--status", "active", "--json"]).stdout
        #expect(active.split(separator: "\n").count == 1 && active.contains(#""username":"Nina""#), "\(active)")
        let bad = await desk.run(["members", "list", "--status", "gone"])
        #expect(bad.status == 64 && bad.stdout.isEmpty && bad.stderr.split(separator: "\n").count == 1, "\(bad)")
    }
}
