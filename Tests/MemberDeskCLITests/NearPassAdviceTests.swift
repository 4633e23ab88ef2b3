import Foundation
import MemberDeskTestSupport
import Testing

/// Issue 45 item 2: under `enrolment = "prompt"` the advice for an unknown pass never suggests
/// adding a second member for someone who already holds a near match (a spreadsheet's `12` for
/// the card `0012`): it says whose card it likely is and how to give it to them.
@Suite struct NearPassAdviceTests {
    @Test func anUnknownPassWithANearMatchIsAdvisedToItsHolder() async throws {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\nenrolment = \"prompt\"\n")
        let file = desk.home.path + "/saved-by-calc.csv"
        try "Name,Card\nAnna Lee,12\n".write(toFile: file, atomically: true, encoding: .utf8)
        try #require(await desk.run(["import", file, "--yes"]).status == 0)

        let tap = await desk.run(["checkin", "0012"])
        #expect(tap.status == 3)
        #expect(tap.stdout == "Unknown card 0012 (Anna Lee holds 12: if this is their card, give it to them with: memberdesk members edit sheet-12 --pass 0012)\n",
                "\(tap)")
        #expect(!tap.stdout.contains("members add"))
        // A pass like no one's is advised to be added, as before.
        #expect(await desk.run(["checkin", "0099"]).stdout == "Unknown card 0099 (add it with: memberdesk members add --pass 0099)\n")
    }
}
