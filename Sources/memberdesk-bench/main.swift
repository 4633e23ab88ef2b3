import Foundation

// `memberdesk-bench NAME [ARGS...]`: each benchmark lives in its own file and registers here.
// Every benchmark prints memberdesk's figure beside a reference run, as a ratio.
let benches: [String: ([String]) throws -> Void] = [
    "checkin": runCheckInBench,
    "checkin-burst": runCheckInBurstBench,
    "checkin-pages": runCheckInPagesBench,
    "cardreader": runCardReaderBench,
    "securecard": runSecureCardBench,
    "wallet-reading": runWalletBench,
    "beacons": runBeaconBench,
    "regions": runRegionBench,
    "sync": runSyncBench,
    "field-stamps": runFieldStampsBench,  // what per-field stamps add to the sync folder
    "folder-sync": runFolderSyncBench,
    "folder-sync-sim": runFolderSyncSimulation,
    "folder-sync-chain": runFolderSyncChainBench,  // only folder-sync's inotify merge (to profile it)
    "occupancy": runOccupancyBench,
    "occupancy-closing": runClosingBench,  // only occupancy's closing time (to compare builds)
    "plans": runPlansBench,
    "door-rules": runDoorRulesBench,
    "tui": runTUIBench,
    "banner": { _ in try runCommitToBannerBench() },  // also part of "tui"
    "banner-photo": runPhotoBannerBench,
    "other-process": { _ in try runOtherProcessCommitBench() },
    "commit-writer": runCommitWriter,  // the other-process bench's second process
    "mqtt": runMQTTBench,
    "staff": runStaffBench,
    "faults": runFaultCampaign,  // `make faults`: not a benchmark, the kill -9 campaign
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let bench = benches[name] else {
    FileHandle.standardError.write(Data("usage: memberdesk-bench \(benches.keys.sorted().joined(separator: "|")) [args]\n".utf8))
    exit(2)
}
do {
    try bench(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("memberdesk-bench: \(error)\n".utf8))
    exit(1)
}
