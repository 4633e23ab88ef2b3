import ArgumentParser
import BeaconKit
import DeskSettings
import Foundation
import MemberKit
import Synchronization

struct BeaconsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beacons",
        abstract: "Scan for iBeacon, AltBeacon and Eddystone beacons, or replay a btsnoop capture.",
        discussion: """
        Live scanning (the default, on beacons.hci) needs CAP_NET_RAW and CAP_NET_ADMIN, or root. \
        On a terminal it shows a live table; otherwise it prints one line per change \
        (appeared, proximity change, lost). Exits 1 with a one-line reason when scanning is not possible.
        """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Scan live on this adapter (default: the beacons.hci setting).", valueName: "adapter"))
    var hci: String?
    @Option(help: ArgumentHelp("Replay a btsnoop capture (datalink 1002 H4 or 2001 btmon) instead of scanning.", valueName: "file"))
    var replay: String?
    @Flag(help: "Replay as fast as possible instead of at the recorded pace.") var fast = false
    @Flag(help: "Print JSON lines: one per event, or one per beacon with --summary.") var json = false
    @Flag(help: "After a replay, print only the final set of beacons.") var summary = false

    func validate() throws {
        if hci != nil && replay != nil { throw ValidationError("--hci and --replay cannot be used together") }
        if fast && replay == nil { throw ValidationError("--fast needs --replay") }
        if summary && replay == nil { throw ValidationError("--summary needs --replay") }
        if let hci, hci.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--hci needs an adapter name, such as hci0") }
    }

    func run() throws {
        let paths = DeskPaths()
        let config = try DeskConfig.load(paths.configFile(override: global.config))
        let source: any BeaconSource
        if let replay {
            source = BtsnoopReplay(path: replay, pacing: fast ? .fast : .realTime)
        } else {
            source = HCIScanner(adapter: hci ?? config.beacons.hci)
        }
        let view = BeaconView(mode: summary ? .summary : json ? .json : isatty(STDOUT_FILENO) == 1 ? .table : .lines,
                              json: json, live: replay == nil)
        let tracker = PresenceTracker(settings: config.beacons.presence) { view.show($0) }
        view.eventTime = { [unowned tracker] in tracker.now }
        tracker.onFlood = { address, count in
            writeError("memberdesk: \(PresenceTracker.floodMessage(address, count))\n")
        }
        let pipeline = BeaconPipeline(tracker: tracker)
        let stop = TerminationSignal()
        do {
            try pipeline.scan(source, announce: { event in
                // Scripts reading JSON lines see why a scan could not start; the reason also goes to stderr.
                if case .scanner(false, _) = event, !json || summary { return }
                view.show(event)
            }, shouldStop: {
                view.refresh(tracker)
                return stop.requested
            })
        } catch {
            throw DeskError.io("\(error)")
        }
        view.finish(tracker)
        if let replay = source as? BtsnoopReplay, replay.truncatedTail {
            writeError("memberdesk: warning: \(replay.path): the last record is cut short (capture ended while writing?)\n")
        }
    }
}
