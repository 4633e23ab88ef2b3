import Foundation
import MemberDeskCLI
import MemberDeskTestSupport
import MemberKit
import Testing

/// `members add` with the door's options: the alert, waiver and guardian are the new member's
/// from its first tap (a walk-in's sale too), and a bad one adds nobody.
@Suite struct MembersAddDoorCommandTests {
    static func object(_ text: String) throws -> [String: JSONValue] {
        try JSONDecoder().decode([String: JSONValue].self, from: Data(try #require(text.split(separator: "\n").first).utf8))
    }

    @Test func aNewMemberCarriesItsAlertWaiverAndGuardianToTheDoor() async throws {
        let desk = try InProcessDesk(config: "[plans]\nrequire_waiver = true\n")
        let clock = FakeClock(ReportCommandTests.local(3, 2, 10))
        let added = await desk.run(["members", "add", "--pass", "P1", "--name", "Kim", "--alert", "Belay check due",
                                    "--waiver", "2026-03-01", "--guardian", "Lee Park", "--json"], at: clock)
        #expect(added.status == 0 && added.stderr.isEmpty, "\(added)")
        let member = try Self.object(added.stdout)
        #expect(member["alert"] == .string("Belay check due"))
        #expect(member["waiver"] == .string("2026-03-01"))
        #expect(member["guardian"] == .string("Lee Park"))
        let checkIn = await desk.run(["checkin", "P1"], at: clock)
        #expect(checkIn.status == 0, "\(checkIn)")
        #expect(checkIn.stdout.contains("Alert: Belay check due"))
        // Without a waiver the same club refuses: the waiver given at the add is what let Kim in.
        #expect(await desk.run(["members", "add", "--pass", "P2", "--name", "Noa"], at: clock).status == 0)
        #expect(await desk.run(["checkin", "P2"], at: clock).status == 3)
    }

    @Test func aWalkInsSaleTakesTheDoorOptionsToo() async throws {
        let desk = try InProcessDesk(config: "[occupancy]\nclosing_time = \"22:00\"\n[plans.catalogue.day]\nkind = \"day\"\nprice = \"12\"\n")
        let clock = FakeClock(ReportCommandTests.local(3, 2, 10))
        let added = await desk.run(["members", "add", "--pass", "W1", "--plan", "day", "--alert", "Paid cash", "--json"], at: clock)
        #expect(added.status == 0, "\(added)")
        #expect(try Self.object(added.stdout)["alert"] == .string("Paid cash"))
    }

    @Test(arguments: [
        (["--alert", "Bad\u{1B}[2J"], "alert"),
        (["--alert", String(repeating: "a", count: 121)], "alert"),
        (["--waiver", "tomorrow-ish"], "--waiver"),
        (["--guardian", "Lee\u{7}"], "guardian"),
    ])
    func aBadDoorOptionAddsNobody(options: [String], named: String) async throws {
        let desk = try InProcessDesk()
        let result = await desk.run(["members", "add", "--pass", "P1", "--name", "Kim"] + options)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(named), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 2, "\(result.stderr)")
        #expect(await desk.run(["members", "show", "P1"]).status != 0)
    }
}
