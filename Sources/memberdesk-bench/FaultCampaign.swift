import Foundation
import MemberDeskTestSupport

/// `make faults`: the kill -9 campaign of the end-to-end tests (KillNineCampaign) for `count`
/// kills from `seed`, printing what each round checked. Rounds go taps, taps, taps, import, sync,
/// backup, over and over; a scan that runs to its end closes the campaign.
func runFaultCampaign(_ arguments: [String]) throws {
    let seed = arguments.first.flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
    let count = arguments.dropFirst().first.flatMap(Int.init) ?? 50
    print("kill -9 campaign: seed \(seed), \(count) kills (replay with make faults SEED=\(seed) COUNT=\(count))")
    let campaign = try KillNineCampaign(seed: seed, knownMembers: max(200, count * 20))
    var printed = 0
    func flush() {
        for line in campaign.log.dropFirst(printed) { print(line) }
        printed = campaign.log.count
        fflush(nil)
    }
    var step = 0
    while campaign.kills < count {
        switch step % 6 {
        case 3: try campaign.importRound(members: 100_000, within: 20)
        case 4: try campaign.syncRound(within: 3)
        case 5: try campaign.backupRound(within: 1)
        default: try campaign.scanRound(taps: 40)
        }
        step += 1
        flush()
    }
    try campaign.scanRound(taps: 40, kill: false)
    flush()
    print("\(campaign.kills) kills, \(campaign.countedTaps) counted taps checked: nothing lost, nothing counted twice, integrity ok throughout")
}
