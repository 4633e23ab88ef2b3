import DeskLanguage
import Foundation
import MemberKit
import TerminalColumns

/// The beacons in range, nearest first, from the bus's beacon events.
public struct BeaconPaneModel: Sendable, Equatable {
    public enum Availability: Sendable, Equatable {
        /// No beacon source in this build or run.
        case notAvailable
        case scanning
        case off(String?)
    }

    public var availability: Availability
    public private(set) var beacons: [BeaconIdentity: BeaconSnapshot] = [:]

    public init(availability: Availability = .notAvailable) {
        self.availability = availability
    }

    /// True when the pane changed.
    public mutating func apply(_ event: BeaconEvent) -> Bool {
        switch event {
        case .appeared(let s), .updated(let s), .proximityChanged(let s, _, _):
            if availability == .notAvailable { availability = .scanning }
            let changed = beacons[s.identity] != s
            beacons[s.identity] = s
            return changed
        case .lost(let s):
            return beacons.removeValue(forKey: s.identity) != nil
        case .scanner(let available, let reason):
            availability = available ? .scanning : .off(reason)
            if !available { beacons = [:] }
            return true
        }
    }

    /// Nearest first: by proximity, then by signal strength.
    public var sorted: [BeaconSnapshot] {
        beacons.values.sorted {
            if $0.proximity != $1.proximity { return $0.proximity < $1.proximity }
            if $0.smoothedRSSI != $1.smoothedRSSI { return $0.smoothedRSSI > $1.smoothedRSSI }
            return $0.address < $1.address
        }
    }

    public static func identityText(_ identity: BeaconIdentity) -> String {
        switch identity.kind {
        case .iBeacon, .altBeacon:
            return "\(identity.uuid ?? "?") \(identity.major.map(String.init) ?? "-")/\(identity.minor.map(String.init) ?? "-")"
        case .eddystoneUID: return "Eddystone \(identity.uuid ?? "?")/\(identity.instance ?? "?")"
        case .eddystoneURL: return "Eddystone \(identity.url ?? "?")"
        }
    }

    /// Eight cells of block characters from -100 dBm (empty) to -30 dBm (full).
    public static func rssiBar(_ rssi: Double, cells: Int = 8) -> String {
        let fraction = min(1, max(0, (rssi + 100) / 70))
        let eighths = Int((fraction * Double(cells * 8)).rounded())
        let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8)
        if eighths % 8 > 0, eighths / 8 < cells { bar += blocks[eighths % 8] }
        return bar + String(repeating: " ", count: max(0, cells - TextWidth.of(bar)))
    }

    public func render(into grid: inout CellGrid, rect: Rect, now: Date, focused: Bool) {
        grid.fill(rect)
        grid.box(rect, title: tr("Beacons"), style: CellStyle(focused ? .title : .dim))
        let inner = rect.inset(1)
        guard !inner.isEmpty else { return }
        let message: String? = switch availability {
        case .notAvailable: tr("Beacons: not available")
        case .off(let reason): reason.map { tr("Bluetooth off: %@", $0) } ?? tr("Bluetooth off")
        case .scanning: beacons.isEmpty ? tr("Scanning… no beacons in range") : nil
        }
        if let message {
            grid.putField(message, x: inner.x, y: inner.y, width: inner.width, style: CellStyle(.dim))
            return
        }
        // proximity(9) bar(8) rssi(5) distance(7) seen(9) + identity
        for (i, beacon) in sorted.prefix(inner.height).enumerated() {
            let y = inner.y + i
            let tone: Tone = beacon.proximity == .immediate ? .success : beacon.proximity == .near ? .info : .dim
            var x = inner.x
            grid.putField(beacon.proximity.rawValue, x: x, y: y, width: 10, style: CellStyle(tone))
            x += 10
            grid.put(Self.rssiBar(beacon.smoothedRSSI), x: x, y: y, style: CellStyle(tone), clip: inner.maxX)
            x += 9
            grid.putField(String(format: "%4.0f", beacon.smoothedRSSI), x: x, y: y, width: 5, style: .plain)
            x += 5
            let distance = beacon.distance.map { String(format: "%5.1fm", $0) } ?? "    ?"
            grid.putField(distance, x: x, y: y, width: 7, style: .plain)
            x += 7
            let seen = RelativeTime.describe(beacon.lastSeen.timeIntervalSince1970, now: now)
            grid.putField(seen, x: x, y: y, width: 11, style: CellStyle(.dim))
            x += 11
            if x < inner.maxX {
                grid.putField(Self.identityText(beacon.identity), x: x, y: y, width: inner.maxX - x)
            }
        }
    }
}
