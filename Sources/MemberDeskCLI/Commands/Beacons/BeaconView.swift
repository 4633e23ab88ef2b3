import BeaconKit
import Foundation
import MemberKit

/// Where the events go: a redrawn table on a terminal, text lines, JSON lines, or only the final summary.
final class BeaconView {
    enum Mode { case table, lines, json, summary }
    let mode: Mode
    let json: Bool
    let live: Bool
    private var lastDraw = 0.0
    /// The tracker's time, for events (a loss) that happen after their beacon's last report.
    var eventTime: () -> Double = { 0 }

    init(mode: Mode, json: Bool, live: Bool) {
        self.mode = mode
        self.json = json
        self.live = live
    }

    func show(_ event: BeaconEvent) {
        switch mode {
        case .json:
            if let object = BeaconOutput.object(event) { JSONOutput.print(object) }
        case .lines:
            if let line = BeaconOutput.line(event, at: eventTime()) { print(line); fflush(nil) }
        case .table, .summary:
            break
        }
    }

    /// Redraws the table at most four times a second (monotonic time, not the capture's).
    func refresh(_ tracker: PresenceTracker) {
        guard mode == .table else { return }
        let now = ProcessInfo.processInfo.systemUptime
        guard now - lastDraw >= 0.25 else { return }
        lastDraw = now
        let columns = Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 200
        var text = "\u{1B}[H\u{1B}[2J" + (live ? "Scanning" : "Replaying") + " — \(CountText.of(tracker.count, "beacon")) (Ctrl-C to stop)\n"
        // Names in the table come from the radio: made safe, so only our own clear-screen is raw.
        text += PlainText.shownLines(BeaconOutput.table(tracker.snapshots, width: columns).joined(separator: "\n")) + "\n"
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func finish(_ tracker: PresenceTracker) {
        switch mode {
        case .summary where json:
            for beacon in tracker.snapshots { JSONOutput.print(BeaconOutput.object(beacon)) }
        case .summary, .table:
            if mode == .table { lastDraw = 0; refresh(tracker) } else {
                print(BeaconOutput.table(tracker.snapshots).joined(separator: "\n"))
            }
        case .json, .lines:
            break
        }
    }
}
