import Foundation
import MemberKit
import Testing

/// Issue 45 item 2: an unknown card that a member holds but for leading zeros (a spreadsheet kept
/// Anna's `0012` as `12`) is never advised as a second member: the banner names her, Enter offers
/// her, and a second Enter gives her the card and counts the tap for her. Under `auto` the card is
/// not enrolled either. F4's typed pass asks the same.
@Test(arguments: [EnrolmentPolicy.auto, .prompt])
func nearPassIsOfferedToItsHolder(policy: EnrolmentPolicy) throws {
    let scenario = try Scenario(members: [("Anna Lee", "12"), ("Ana López", "04A1B2C3")], enrolment: policy,
                                width: 120, bannerSeconds: 60)
    try scenario.waitFor("Members (2)")
    try scenario.tap("0012")
    let banner = try scenario.waitFor("Unknown card — Anna Lee holds 12: press Enter to give it to them")
    #expect(!banner.contains("to enrol"))
    #expect(try scenario.database.memberCount() == 2)
    scenario.terminal.press(.enter)
    let offer = try scenario.waitFor("No member holds 0012")
    #expect(offer.contains("Anna Lee · pass 12") && offer.contains("Enter give them the card and check in"))
    #expect(!offer.contains("Enrol unknown card"))
    scenario.terminal.press(.enter)
    try scenario.waitFor("Welcome, Anna Lee")
    let anna = try #require(try scenario.database.member(idOrPass: "0012"))
    #expect(anna.username == "Anna Lee" && anna.numVisits == 1)
    #expect(try scenario.database.memberCount() == 2)

    // F4: a typed pass that Ana holds but for its zeros asks about her at once; `n` in the
    // prompt policy's dialog is the enrol prompt after all, Esc cancels it and nothing is written.
    try scenario.club.addMember(passId: "77", username: "Ben Ode")
    scenario.terminal.press(.function(4))
    try scenario.waitFor("Type or paste a pass id")
    scenario.terminal.type("077", then: .enter)
    let typed = try scenario.waitFor("No member holds 077")
    #expect(typed.contains("Ben Ode · pass 77"))
    scenario.terminal.press(.character("n"))
    try scenario.waitFor("Pass 077 is not a member. Enrol it with a first visit?")
    scenario.terminal.press(.escape)
    #expect(try scenario.database.member(idOrPass: "077") == nil)
    #expect(try scenario.database.member(idOrPass: "77")?.numVisits == 0)
}
