import Foundation
import MemberKit
import Testing

/// `members add|edit` plan options, `members list --expiring|--pack-below`, and what `checkin`
/// says of a plan: the whole output and the exit status.
@Suite struct MembersPlanCommandTests {
    static func object(_ line: Substring) throws -> [String: JSONValue] {
        try JSONDecoder().decode([String: JSONValue].self, from: Data(line.utf8))
    }

    @Test func aPackIsSoldUsedAndToppedUp() async throws {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\n[plans]\npack_use = \"per-visit\"\n")
        let added = await desk.run(["members", "add", "--pass", "P1", "--name", "Ann", "--plan", "pack", "--visits", "2",
                                    "--birthday=--07-14"])
        #expect(added.status == 0 && added.stderr.isEmpty, "\(added)")
        let shown = try Self.object(try #require(await desk.run(["members", "show", "P1", "--json"]).stdout.split(separator: "\n").first))
        #expect(shown["plan"] == .string("pack") && shown["visitsLeft"] == .int(2) && shown["birthday"] == .string("--07-14")
                && shown["household"] == .null)
        #expect(await desk.run(["checkin", "P1"]) == .init(status: 0, stdout: "Welcome, Ann — first visit\n1 visit left\n", stderr: ""))
        let json = await desk.run(["members", "list", "--pack-below", "2", "--json"])
        #expect(try Self.object(try #require(json.stdout.split(separator: "\n").first))["visitsLeft"] == .int(1))
        #expect(await desk.run(["members", "list", "--pack-below", "1", "--json"]).stdout.isEmpty)
        // Per visit: the second entry (after the debounce) is the last.
        let edited = await desk.run(["members", "edit", "P1", "--visits", "0"])
        #expect(edited.status == 0)
        let refused = await desk.run(["checkin", "P1", "--json"])
        #expect(refused.status == 3)
        let answer = try Self.object(try #require(refused.stdout.split(separator: "\n").first))
        #expect(answer["reason"] == .string("packUsedUp") && answer["visitsLeft"] == .int(0))
        #expect(answer["message"] == .string("Pack used up — sell a new pack (members edit --add-visits)"))
        #expect(await desk.run(["members", "edit", "P1", "--add-visits", "10"]).status == 0)
        let admitted = try Self.object(try #require(await desk.run(["checkin", "P1", "--json"]).stdout.split(separator: "\n").first))
        #expect(admitted["outcome"] == .string("checkedIn") && admitted["visitsLeft"] == .int(9))
    }

    @Test func aHouseholdSharesItsHeadsExpiry() async throws {
        let desk = try InProcessDesk()
        let day = ISO8601DateFormatter.string(from: Date().addingTimeInterval(5 * 86_400), timeZone: .current,
                                              formatOptions: [.withFullDate])
        #expect(await desk.run(["members", "add", "--pass", "ANNA", "--name", "Anna Lee"]).status == 0)
        #expect(await desk.run(["members", "edit", "ANNA", "--expires", day]).status == 0)
        #expect(await desk.run(["members", "add", "--pass", "BEN", "--name", "Ben Lee", "--household", "ANNA"]).status == 0)
        let json = await desk.run(["checkin", "BEN", "--json"])
        let answer = try Self.object(try #require(json.stdout.split(separator: "\n").first))
        #expect(answer["expiresInDays"] == .int(5) && answer["notice"] == .string("Expires in 5 days · Household of Anna Lee"))
        let expiring = await desk.run(["members", "list", "--expiring", "7", "--json"])
        #expect(expiring.stdout.split(separator: "\n").count == 2)
        #expect(await desk.run(["members", "list", "--expiring", "3", "--json"]).stdout.isEmpty)
        // Removing the head moves Ben back to open, with a warning.
        let deleted = await desk.run(["members", "delete", "ANNA", "--yes"])
        #expect(deleted.status == 0 && deleted.stderr == "warning: 1 member of Anna Lee's household is an open member now: Ben Lee\n")
        let ben = try Self.object(try #require(await desk.run(["members", "show", "BEN", "--json"]).stdout.split(separator: "\n").first))
        #expect(ben["plan"] == .string("open") && ben["household"] == .null)
    }

    @Test func badPlanInputIsOneLineNamingTheOptionAndChangesNothing() async throws {
        let desk = try InProcessDesk()
        #expect(await desk.run(["members", "add", "--pass", "ANNA", "--name", "Anna"]).status == 0)
        #expect(await desk.run(["members", "add", "--pass", "BEN", "--name", "Ben", "--household", "ANNA"]).status == 0)
        #expect(await desk.run(["members", "add", "--pass", "DAN", "--name", "Dan"]).status == 0)
        let before = await desk.run(["members", "list", "--json"]).stdout
        let cases: [([String], String)] = [
            (["members", "edit", "ANNA", "--visits=-3"], "memberdesk: --visits must be 0 or more, not -3 (see 'memberdesk --help')\n"),
            (["members", "edit", "ANNA", "--add-visits", "0"], "memberdesk: --add-visits must be 1 or more, not 0 (see 'memberdesk --help')\n"),
            (["members", "edit", "ANNA", "--birthday", "2001-02-30"],
             "memberdesk: --birthday '2001-02-30' is not a day: use YYYY-MM-DD or --MM-DD (a day the calendar has) (see 'memberdesk --help')\n"),
            (["members", "edit", "ANNA", "--household", "nobody"], "memberdesk: --household: no member with id or pass 'nobody' (see 'memberdesk --help')\n"),
            (["members", "edit", "ANNA", "--household", "DAN"],
             "memberdesk: --household: Anna heads a household, so cannot join another (see 'memberdesk --help')\n"),
            (["members", "add", "--pass", "CARA", "--household", "BEN"],
             "memberdesk: --household: Ben is in a household already: households do not nest (see 'memberdesk --help')\n"),
            (["members", "edit", "BEN", "--household", "BEN"],
             "memberdesk: --household: a member cannot be in its own household (see 'memberdesk --help')\n"),
        ]
        for (arguments, stderr) in cases {
            let result = await desk.run(arguments)
            #expect(result == .init(status: 64, stdout: "", stderr: stderr), "\(arguments): \(result)")
        }
        #expect(await desk.run(["members", "list", "--json"]).stdout == before)
    }
}
