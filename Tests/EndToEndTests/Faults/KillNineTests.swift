import Foundation
import MemberDeskTestSupport
import Testing

/// kill -9 at random moments (a fixed seed, so a failure replays): taps through `scan --stdin`,
/// an import, `sync now`, `backup`. `make faults SEED=… COUNT=…` runs the same campaign for longer.
@Suite(.serialized) struct KillNineTests {
    @Test func killedTapsImportsSyncsAndBackupsLoseNothingAndCountNothingTwice() throws {
        let campaign = try KillNineCampaign(seed: 29, knownMembers: 200)
        for _ in 0..<8 { try campaign.scanRound(taps: 30) }
        try campaign.scanRound(taps: 20, kill: false)  // after all those kills, a scan that runs to its end
        for _ in 0..<2 { try campaign.importRound(members: 3_000, within: 1.5) }
        for _ in 0..<2 { try campaign.syncRound(within: 0.6) }
        for _ in 0..<2 { try campaign.backupRound(within: 0.4) }
        for line in campaign.log { print(line) }
        #expect(campaign.kills >= 8, "\(campaign.kills) kills")
        #expect(campaign.countedTaps > 0)
    }
}
