import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// A keyboard-wedge reader types the pass and Enter in one burst: that is a check-in, not keys.
///
/// The burst is one push, on a clock that only the test moves: the keys' times are then those of
/// one burst however late a loaded machine reads them (the gap itself: `WedgeBurstDetectorTests`).
@Test func wedgeBurstChecksIn() throws {
    let scenario = try Scenario(clock: FakeClock())
    try scenario.waitFor("山田太郎")
    scenario.terminal.type("04A1B2C4", then: .enter)
    try scenario.waitFor("Welcome, 山田太郎 — first visit")
    let member = try #require(try scenario.database.member(idOrPass: "04A1B2C4"))
    #expect(try scenario.database.visits(memberId: member.memberId).first?.source == "wedge")
}
