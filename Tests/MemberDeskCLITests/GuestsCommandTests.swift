import Foundation
import MemberDeskCLI
import MemberDeskTestSupport
import MemberKit
import Testing

/// `checkin MEMBER --guests N` and `checkout MEMBER --guests N`: guests count inside and against
/// capacity, use the plan's allowance (refused past it, exit 3, the reason in --json), leave alone
/// or with their host, and a bad count is one line that changes nothing.
@Suite struct GuestsCommandTests {
    static let config = """
        [occupancy]
        capacity = 6
        [plans]
        currency = "EUR"
        [plans.catalogue.monthly]
        kind = "open"
        price = "45.00"
        valid_days = 30
        guests_per_month = 2

        """

    static func object(_ text: String) throws -> [String: JSONValue] {
        try JSONDecoder().decode([String: JSONValue].self, from: Data(try #require(text.split(separator: "\n").last).utf8))
    }

    @Test func guestsComeInWithinTheAllowanceAndLeaveAloneOrWithTheirHost() async throws {
        let desk = try InProcessDesk(config: Self.config)
        let clock = FakeClock(ReportCommandTests.local(3, 2, 10))
        #expect(await desk.run(["members", "add", "--pass", "P1", "--name", "Kim"], at: clock).status == 0)
        #expect(await desk.run(["members", "sell", "P1", "monthly"], at: clock).status == 0)
        let entry = await desk.run(["checkin", "P1", "--guests", "2", "--json"], at: clock)
        #expect(entry.status == 0, "\(entry)")
        let object = try Self.object(entry.stdout)
        #expect(object["outcome"] == .string("checkedIn") && object["guests"] == .int(2))
        #expect(object["message"] == .string("Welcome, Kim — first visit · 2 guests"))
        let inside = await desk.run(["inside", "--json"], at: clock)
        #expect(try Self.object(inside.stdout)["inside"] == .int(3), "\(inside)")
        #expect(inside.stdout.contains("\"guests\":2"))
        // Again while inside: guests come in with their host's entry.
        let again = await desk.run(["checkin", "P1", "--guests", "1"], at: clock)
        #expect(again.status == 3 && again.stdout.contains("Already inside — guests come in with their host's entry"), "\(again)")
        // One leaves alone; Kim stays.
        let one = await desk.run(["checkout", "P1", "--guests", "1", "--json"], at: clock)
        #expect(one.status == 0, "\(one)")
        let left = try Self.object(one.stdout)
        #expect(left["outcome"] == .string("guestsLeft") && left["guestsInside"] == .int(1))
        #expect(await desk.run(["inside"], at: clock).stdout.contains("2 inside of 6"))
        // Kim leaves with the other.
        #expect(await desk.run(["checkout", "P1"], at: clock).status == 0)
        #expect(await desk.run(["inside"], at: clock).stdout.contains("0 inside of 6"))
        // The month's two are used: the next is refused, with the reason.
        clock.advance(by: 3600)
        let over = await desk.run(["checkin", "P1", "--guests", "1", "--json"], at: clock)
        #expect(over.status == 3, "\(over)")
        let refused = try Self.object(over.stdout)
        #expect(refused["reason"] == .string("guestAllowance"))
        #expect(refused["message"] == .string("Guest allowance used: 2 of 2 this month"))
        // The record holds the entry's guests and the one who left alone.
        let audit = await desk.run(["audit", "--json"], at: clock)
        #expect(audit.stdout.contains("\"guests\":\"2\"") && audit.stdout.contains("guests-left"), "\(audit.stdout)")
    }

    @Test func guestsNeedRoom() async throws {
        let desk = try InProcessDesk(config: Self.config)
        let clock = FakeClock(ReportCommandTests.local(3, 2, 10))
        for pass in ["P1", "P2"] { #expect(await desk.run(["members", "add", "--pass", pass], at: clock).status == 0) }
        #expect(await desk.run(["checkin", "P1", "--guests", "4"], at: clock).status == 0)
        let full = await desk.run(["checkin", "P2", "--guests", "1"], at: clock)
        #expect(full.status == 3 && full.stdout.contains("Full (5/6)"), "\(full)")
        #expect(await desk.run(["checkin", "P2"], at: clock).status == 0)
    }

    @Test(arguments: [
        (["checkin", "P1", "--guests", "51"], "guests must be 0 to 50"),
        (["checkin", "P1", "--guests", "-1"], "guests"),
        (["checkout", "P1", "--guests", "0"], "guests must be 1 or more"),
        (["checkout", "--all", "--guests", "1", "--yes"], "--guests goes with a member's pass"),
    ])
    func aBadGuestCountIsOneLineAndChangesNothing(arguments: [String], says: String) async throws {
        let desk = try InProcessDesk()
        #expect(await desk.run(["members", "add", "--pass", "P1"]).status == 0)
        let result = await desk.run(arguments)
        #expect(result.status != 0 && result.stderr.contains(says), "\(result)")
        #expect(result.stderr.split(separator: "\n").count <= 2, "\(result.stderr)")
        #expect(await desk.run(["inside"]).stdout.contains("0 inside"))
    }
}
