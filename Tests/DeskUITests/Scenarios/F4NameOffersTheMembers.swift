import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Issue 46 item 6: a name typed at F4 (the card forgotten) is no pass: the members it names are
/// offered, one is chosen and checked in by their own pass, no member is enrolled, and the log
/// says what was typed. Text that names nobody is still asked about as an unknown pass.
@Test func f4NameOffersTheMembers() throws {
    let scenario = try Scenario(members: [("Kenji Sato", "04C0DE01"), ("Kenji Tanaka", "04C0DE02"), ("Ana López", "04A1B2C3")],
                                width: 200, height: 50)
    try scenario.waitForList(3)
    scenario.terminal.press(.function(4))
    try scenario.waitFor("Type or paste a pass id")
    scenario.terminal.type("kenji", then: .enter)
    let offered = try scenario.waitFor("the members named kenji") {
        $0.contains("“kenji” is no member's pass") && $0.contains("Kenji Sato · pass 04C0DE01") && $0.contains("Kenji Tanaka · pass 04C0DE02")
    }
    #expect(!offered.contains("Enrol") && !offered.contains("Ana López · pass"))
    scenario.terminal.press(.down, .enter)
    let screen = try scenario.waitFor("Welcome, Kenji Tanaka — first visit")
    #expect(screen.contains("check in: “kenji” is no pass; Kenji Tanaka chosen"))
    #expect(try scenario.database.memberCount() == 3)
    #expect(try scenario.database.member(idOrPass: "04C0DE02")?.numVisits == 1)
    #expect(try scenario.audit(.manualCheckIn).map(\.method) == [.manual])

    // A full name narrows it to one, still asked (Enter checks in).
    scenario.terminal.press(.function(4))
    try scenario.waitFor("Type or paste a pass id")
    scenario.terminal.type("Kenji Sato", then: .enter)
    try scenario.waitFor("“Kenji Sato” is no member's pass")
    scenario.terminal.press(.enter)
    try scenario.waitFor("Welcome, Kenji Sato — first visit")

    // Text that names nobody: the unknown pass's question, and a log line that names no member.
    scenario.terminal.press(.function(4))
    try scenario.waitFor("Type or paste a pass id")
    scenario.terminal.type("Zed Nobody", then: .enter)
    let unknown = try scenario.waitFor("Pass Zed Nobody is not a member")
    #expect(unknown.contains("manual: typed “Zed Nobody” — Unknown card"))
    #expect(try scenario.database.memberCount() == 3)
}
