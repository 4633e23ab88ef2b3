import Testing

/// Issue 28 #9 and issue 34 in-process: the whole output of refusing a control character, an
/// over-long name, and the date that crashed Foundation.
@Suite struct UnsafeTextCommandTests {
    static let rule = "names, e-mails and notes are one line of plain text (see 'memberdesk --help')\n"

    @Test func controlCharactersAndOverLongTextAreUsageErrors() async throws {
        let desk = try InProcessDesk()
        #expect(await desk.run(["members", "add", "--pass", "P1", "--name", "\u{1B}[2J"])
                == .init(status: 64, stdout: "", stderr: "memberdesk: --name: a control character (U+001B) at character 1; " + Self.rule))
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Ann"]).status == 0)
        #expect(await desk.run(["members", "edit", "P1", "--note", "a\nb"])
                == .init(status: 64, stdout: "", stderr: "memberdesk: --note: a control character (U+000A) at character 2; " + Self.rule))
        #expect(await desk.run(["members", "edit", "P1", "--email", "ann\u{202E}@x.org"])
                == .init(status: 64, stdout: "", stderr: "memberdesk: --email: a control character (U+202E) at character 4; " + Self.rule))
        #expect(await desk.run(["members", "edit", "P1", "--name", String(repeating: "x", count: 201)])
                == .init(status: 64, stdout: "", stderr: "memberdesk: --name: 201 characters; at most 200 (see 'memberdesk --help')\n"))
        #expect(await desk.run(["members", "list"]).stdout.contains("Ann"))
    }

    @Test func theDateThatCrashedFoundationIsNamedInTheError() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["members", "add", "--pass", "EXP-1"]).status == 0)
        let bad = "70,11\u{036B}\u{FFFD}\u{FFFD}3\u{FFFD}4"
        #expect(await desk.run(["members", "edit", "EXP-1", "--expires", bad])
                == .init(status: 64, stdout: "", stderr: "memberdesk: --expires '\(bad)' is not a date: use YYYY-MM-DD, an ISO-8601 time, "
                         + "or 'never' (see 'memberdesk --help')\n"))
        #expect(await desk.run(["audit", "--since", bad]).status == 64)
        #expect(await desk.run(["visits", "--since", bad]).status == 64)
    }
}
