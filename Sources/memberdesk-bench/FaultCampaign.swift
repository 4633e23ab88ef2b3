import Foundation
import MemberDeskTestSupport
import MemberKit

/// `make faults`: the kill -9 campaign of the end-to-end tests (KillNineCampaign) for at least
/// `count` kills from `seed`, printing what each round checked and a summary per kind. Rounds go
/// through every kind over and over: taps via stdin, taps through the virtual card (real pcscd:
/// the Makefile holds the pcscd lock), an import of 100,000 members, `sync now`, `backup`, and the
/// MQTT outbox draining (real mosquitto); a stdin scan and a card scan that run to their end close it.
func runFaultCampaign(_ arguments: [String]) throws {
    let seed = arguments.first.flatMap(UInt64.init) ?? UInt64(SystemClock().now().timeIntervalSince1970)
    let count = arguments.dropFirst().first.flatMap(Int.init) ?? 50
    print("kill -9 campaign: seed \(seed), at least \(count) kills (replay with make faults SEED=\(seed) COUNT=\(count))")
    let campaign = try KillNineCampaign(seed: seed, knownMembers: max(400, count * 20))
    let canMQTT = MosquittoBroker.isInstalled && FileManager.default.isExecutableFile(atPath: "/usr/bin/mosquitto_sub")
    if !canMQTT { print("no mosquitto/mosquitto-clients: the MQTT rounds are left out (make deps installs them)") }
    var printed = 0
    func flush() {
        for line in campaign.log.dropFirst(printed) { print(line) }
        printed = campaign.log.count
        fflush(nil)
    }
    struct Tally { var rounds = 0, kills = 0 }
    var tally: [String: Tally] = [:]
    let kinds = ["taps (stdin)", "taps (virtual card)", "import", "taps (stdin)", "sync now", "MQTT outbox", "backup", "taps (virtual card)",
                 "staff check-outs (MQTT)"]
    var step = 0
    while campaign.kills < count {
        let kind = kinds[step % kinds.count]
        let before = campaign.kills
        switch kind {
        case "taps (stdin)": try campaign.scanRound(taps: 40)
        case "taps (virtual card)": try campaign.cardRound(taps: 6)
        case "import": try campaign.importRound(members: 100_000, within: 20)
        case "sync now": try campaign.syncRound(within: 1.5)
        case "backup": try campaign.backupRound(within: 0.5)
        case "staff check-outs (MQTT)": if canMQTT { try campaign.staffCheckOutRound(members: 10) } else { step += 1; continue }
        default: if canMQTT { try campaign.mqttRound(taps: 40) } else { step += 1; continue }
        }
        tally[kind, default: Tally()].rounds += 1
        tally[kind, default: Tally()].kills += campaign.kills - before
        step += 1
        flush()
    }
    try campaign.scanRound(taps: 40, kill: false)
    try campaign.cardRound(taps: 4, kill: false)
    flush()
    print("summary (seed \(seed)):")
    for kind in Set(kinds).sorted() {
        guard let figures = tally[kind] else { continue }
        print("  \(kind): \(figures.rounds) rounds, \(figures.kills) killed")
    }
    print("\(campaign.kills) kills, \(campaign.countedTaps) counted taps checked: integrity ok after every kill, "
          + "each tap printed as counted stored once, none counted twice on restart, no partly written file under a final name"
          + (canMQTT ? ", every counted tap and stored staff check-out sent over MQTT once or again under its eventId" : ""))
}
