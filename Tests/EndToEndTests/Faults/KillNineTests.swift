import Foundation
import MemberDeskTestSupport
import Testing

/// kill -9 at random moments (a fixed seed, so a failure replays): taps through `scan --stdin`,
/// an import, `sync now`, `backup`, and the MQTT outbox draining. Taps through the virtual card
/// are killed in the PC/SC suite (`PCSCEndToEndTests+KillNine`), which owns the one vpcd reader.
/// `make faults SEED=… COUNT=…` runs every kind for longer.
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

    @Test(.enabled(if: MosquittoBroker.isInstalled, "needs Debian's mosquitto and mosquitto-clients"))
    func aDeskKilledWhileItsOutboxDrainsSendsEveryCountedTapOnceOrAgainUnderTheSameEventId() throws {
        let campaign = try KillNineCampaign(seed: 2929, knownMembers: 200)
        for _ in 0..<3 { try campaign.mqttRound(taps: 24) }
        for line in campaign.log { print(line) }
        #expect(campaign.kills == 3)
        #expect(campaign.countedTaps > 0)
    }

    @Test(.enabled(if: MosquittoBroker.isInstalled, "needs Debian's mosquitto and mosquitto-clients"))
    func staffCheckOutsKilledAtRandomAreEachHeardOverMQTTIfAndOnlyIfStored() throws {
        let campaign = try KillNineCampaign(seed: 2930, knownMembers: 40)
        try campaign.staffCheckOutRound(members: 16)
        for line in campaign.log { print(line) }
        #expect(campaign.kills >= 5, "\(campaign.kills) kills")
    }
}
