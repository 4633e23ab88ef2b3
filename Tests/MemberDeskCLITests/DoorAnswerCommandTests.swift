import Foundation
import MemberDeskCLI
import MemberDeskTestSupport
import MemberKit
import Testing

/// Issue 28 items 6, 10 and 14: what `checkin` answers at the door (and whether the door opens),
/// and the list options' one-line errors. Whole output and exit status, in-process.
@Suite struct DoorAnswerCommandTests {
    /// The door messages queued so far (the one-shot commands queue; nothing is sent here).
    static func doorMessages(_ desk: InProcessDesk) throws -> Int {
        try AppDatabase.open(path: desk.databasePath).outboxBatch(after: 0, limit: 1000).filter { $0.message.topic.hasSuffix("/door") }.count
    }

    static let mqtt = "[mqtt]\nurl = \"mqtt://127.0.0.1:1\"\ndiscovery = false\n"

    @Test func afterAStaffCheckOutCheckinIsAnEntryAndTheDoorOpensForEntriesOnly() async throws {
        let desk = try InProcessDesk(config: Self.mqtt)
        try #require(await desk.run(["members", "add", "--pass", "M1", "--name", "Mo"]).status == 0)
        #expect(await desk.run(["checkin", "M1"]) == .init(status: 0, stdout: "Welcome, Mo — first visit\n", stderr: ""))
        #expect(try Self.doorMessages(desk) == 1)
        #expect(await desk.run(["checkout", "M1"]).status == 0)
        // Seconds later, within the debounce: the member is outside, so this is an entry.
        #expect(await desk.run(["checkin", "M1"]) == .init(status: 0, stdout: "Welcome back, Mo — visit #2\n", stderr: ""))
        #expect(await desk.run(["inside", "--json"]).stdout.hasSuffix("{\"capacity\":null,\"inside\":1}\n"))
        #expect(try Self.doorMessages(desk) == 2)
        // A repeat while inside: a duplicate, inside, and the door opens again for the member at it.
        let again = await desk.run(["checkin", "M1", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(json["outcome"] as? String == "duplicate" && json["inside"] as? Bool == true)
    }

    @Test func underToggleATapSoonAfterAnExitSaysSoAndKeepsTheDoorShut() async throws {
        let desk = try InProcessDesk(config: "[occupancy]\ntap = \"toggle\"\nmin_stay_minutes = 2\n" + Self.mqtt)
        try #require(await desk.run(["members", "add", "--pass", "M1", "--name", "Mo"]).status == 0)
        let clock = FakeClock(Date(timeIntervalSince1970: 1_800_000_000))
        func tap() async -> InProcessDesk.Result {
            await CommandClock.$current.withValue(clock) { await desk.run(["checkin", "M1"]) }
        }
        #expect(await tap().stdout == "Welcome, Mo — first visit\n")
        clock.advance(by: 3600)
        #expect(await tap().stdout == "Goodbye, Mo — 1 h\n")
        clock.advance(by: 20)
        // Not "Welcome back — visit #2": the same exit again, the member outside, the door shut.
        #expect(await tap() == .init(status: 0, stdout: "Already checked out 20 s ago\n", stderr: ""))
        #expect(await desk.run(["inside", "--json"]).stdout.hasSuffix("{\"capacity\":null,\"inside\":0}\n"))
        #expect(try Self.doorMessages(desk) == 1)
        clock.advance(by: 120)
        #expect(await tap().stdout == "Welcome back, Mo — visit #2\n")
        #expect(try Self.doorMessages(desk) == 2)
    }

    @Test func aFullClubSaysTheCountAsTheDeskDoes() async throws {
        let desk = try InProcessDesk(config: "[occupancy]\ncapacity = 1\n")
        for pass in ["P1", "P2"] { try #require(await desk.run(["members", "add", "--pass", pass]).status == 0) }
        #expect(await desk.run(["checkin", "P1"]).status == 0)
        #expect(await desk.run(["checkin", "P2"]) == .init(status: 3, stdout: "Full (1/1)\n", stderr: ""))
        let json = await desk.run(["checkin", "P2", "--json"])
        #expect(try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])["message"] as? String
                == "Full (1/1)")
    }

    @Test func aUsedUpPackSaysHowToSellOneAtTheShell() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Ann", "--visits", "0"]).status == 0)
        #expect(await desk.run(["checkin", "P1"])
                == .init(status: 3, stdout: "Pack used up — sell a new pack (members edit --add-visits)\n", stderr: ""))
    }

    @Test func membersShowSaysAPacksVisitsLeft() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Ann", "--visits", "3"]).status == 0)
        try #require(await desk.run(["members", "add", "--pass", "K1", "--name", "Kit", "--household", "P1"]).status == 0)
        try #require(await desk.run(["members", "add", "--pass", "O1", "--name", "Olu"]).status == 0)
        let pack = await desk.run(["members", "show", "P1"]).stdout
        #expect(pack.contains("\nplan                   pack, 3 visits left\nvisits left            3\n"), "\(pack)")
        #expect(await desk.run(["members", "show", "K1"]).stdout.contains("\nvisits left            3\n"))
        #expect(!(await desk.run(["members", "show", "O1"]).stdout.contains("visits left")))
        try #require(await desk.run(["members", "edit", "P1", "--visits", "0"]).status == 0)
        #expect(await desk.run(["members", "show", "P1"]).stdout.contains("\nplan                   pack, 0 visits left\nvisits left            0\n"))
    }

    @Test func negativeCountsAndAWrongSortAreOneLine() async throws {
        let desk = try InProcessDesk()
        #expect(await desk.run(["members", "list", "--limit", "-3"])
                == .init(status: 64, stdout: "", stderr: "memberdesk: --limit must be ≥ 0, not -3 (see 'memberdesk --help')\n"))
        #expect(await desk.run(["members", "list", "--limit=-3"]).stderr == "memberdesk: --limit must be ≥ 0, not -3 (see 'memberdesk --help')\n")
        #expect(await desk.run(["members", "list", "--expiring", "-1"])
                == .init(status: 64, stdout: "", stderr: "memberdesk: --expiring must be ≥ 0 (days), not -1 (see 'memberdesk --help')\n"))
        let sort = await desk.run(["members", "list", "--sort", "age"])
        #expect(sort.status == 64 && sort.stdout.isEmpty)
        #expect(sort.stderr.split(separator: "\n").count == 1, "\(sort.stderr)")
        #expect(sort.stderr.contains("name, lastVisit, visits, added, expiry, visitsLeft"), "\(sort.stderr)")
    }
}
