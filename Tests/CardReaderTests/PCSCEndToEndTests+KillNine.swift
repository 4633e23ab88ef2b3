import Foundation
import MemberDeskTestSupport
import Testing

extension PCSCEndToEndTests {
    /// kill -9 of `scan` at random moments of taps through the virtual card (issue 29; a fixed seed,
    /// so a failure replays): each tap printed as counted is stored once, none twice after a restart.
    /// Here, in the suite that owns the one vpcd reader; `make faults` runs more rounds.
    @Test func aScanKilledMidTapOnTheVirtualReaderLosesNoCountedTapAndCountsNoneTwice() throws {
        let campaign = try KillNineCampaign(seed: 2931, knownMembers: 40)
        for _ in 0..<3 { try campaign.cardRound(taps: 4) }
        try campaign.cardRound(taps: 2, kill: false)
        for line in campaign.log { print(line) }
        #expect(campaign.kills == 3)
        #expect(campaign.countedTaps > 0)
    }
}
