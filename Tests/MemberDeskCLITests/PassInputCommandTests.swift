import MemberKit
import Testing

/// Passes typed at the shell: one length limit with the desk's, bad ones are bad arguments.
@Suite struct PassInputCommandTests {
    @Test func anOverLongPassIsRefusedNeverCut() async throws {
        let desk = try InProcessDesk()
        let tooLong = String(repeating: "x", count: PassIdNormalizer.maximumBytes + 44)
        let refused = "memberdesk: pass is too long (300 bytes, at most 256) (see 'memberdesk --help')\n"
        #expect(await desk.run(["checkin", tooLong]) == .init(status: 64, stdout: "", stderr: refused))
        #expect(await desk.run(["members", "add", "--pass", tooLong]) == .init(status: 64, stdout: "", stderr: refused))
        #expect(await desk.run(["members", "list", "--json"]) == .init(status: 0, stdout: "", stderr: ""))

        let longest = String(repeating: "y", count: PassIdNormalizer.maximumBytes)
        #expect(await desk.run(["members", "add", "--pass", longest, "--name", "Long"]).status == 0)
        #expect(await desk.run(["checkin", longest]).stdout.hasPrefix("Welcome, Long — first visit"))
    }

    @Test func anEmptyPassIsABadArgument() async throws {
        let desk = try InProcessDesk()
        #expect(await desk.run(["checkin", ""])
                == .init(status: 64, stdout: "", stderr: "memberdesk: pass is empty (see 'memberdesk --help')\n"))
    }
}

extension PassInputCommandTests {
    @Test func aTypedPassMatchesInAnyLetterCase() async throws {
        let desk = try InProcessDesk()
        #expect(await desk.run(["members", "add", "--pass", "CARL-9", "--name", "Carl"]).status == 0)
        let checkedIn = await desk.run(["checkin", "carl-9"])
        #expect(checkedIn.status == 0 && checkedIn.stdout.hasPrefix("Welcome, Carl — first visit"), "\(checkedIn)")
        #expect(await desk.run(["members", "show", "Carl-9", "--json"]).stdout.contains("\"CARL-9\""))
        let listed = await desk.run(["members", "list", "--json"])
        #expect(listed.stdout.split(separator: "\n").count == 1)
    }
}
