import BeaconKit
import Foundation
import MemberKit
import TerminalColumns

/// How `memberdesk beacons` prints beacons: JSON lines, text lines, and the table.
enum BeaconOutput {
    static func object(_ snapshot: BeaconSnapshot) -> [String: JSONValue] {
        let identity = snapshot.identity
        var object: [String: JSONValue] = [
            "type": .string(identity.kind.rawValue),
            "address": .string(snapshot.address),
            "proximity": .string(snapshot.proximity.rawValue),
            "rssi": .double(rounded(snapshot.smoothedRSSI)),
            "distance": snapshot.distance.map { .double(rounded($0)) } ?? .null,
            "reports": .int(snapshot.reports),
            "lastSeen": .string(timestamp(snapshot.lastSeen)),
        ]
        if let uuid = identity.uuid { object[identity.kind == .eddystoneUID ? "namespace" : "uuid"] = .string(uuid) }
        if let major = identity.major { object["major"] = .int(Int(major)) }
        if let minor = identity.minor { object["minor"] = .int(Int(minor)) }
        if let instance = identity.instance { object["instance"] = .string(instance) }
        if let url = identity.url { object["url"] = .string(url) }
        if let telemetry = snapshot.telemetry {
            object["telemetry"] = .object([
                "batteryMillivolts": .int(Int(telemetry.batteryMillivolts)),
                "temperature": telemetry.temperature.map(JSONValue.double) ?? .null,
                "advertisingCount": .int(Int(telemetry.advertisingCount)),
                "uptime": .double(telemetry.uptime),
            ])
        }
        return object
    }

    /// A state change as one JSON object; nil for `updated` (the table's business, not a change).
    static func object(_ event: BeaconEvent) -> [String: JSONValue]? {
        switch event {
        case .appeared(let snapshot):
            return ["event": .string("appeared"), "beacon": .object(object(snapshot))]
        case .proximityChanged(let snapshot, let from, let to):
            return ["event": .string("proximityChanged"), "from": .string(from.rawValue), "to": .string(to.rawValue),
                    "beacon": .object(object(snapshot))]
        case .lost(let snapshot):
            return ["event": .string("lost"), "beacon": .object(object(snapshot))]
        case .scanner(let available, let reason):
            return ["event": .string("scanner"), "available": .bool(available), "reason": reason.map(JSONValue.string) ?? .null]
        case .updated:
            return nil
        }
    }

    /// A state change as one line of text, led by its time (`at`: when a beacon was found lost);
    /// nil for `updated`.
    static func line(_ event: BeaconEvent, at time: Double) -> String? {
        switch event {
        case .appeared(let s): return "\(timestamp(s.lastSeen)) appeared \(s.identity.displayText) \(s.address) \(rssiText(s))"
        case .proximityChanged(let s, let from, let to):
            return "\(timestamp(s.lastSeen)) \(from.rawValue) -> \(to.rawValue) \(s.identity.displayText) \(rssiText(s))"
        case .lost(let s):
            return "\(timestamp(Date(timeIntervalSince1970: time))) lost \(s.identity.displayText) \(s.address): last seen \(timestamp(s.lastSeen)), \(CountText.of(s.reports, "report"))"
        case .scanner(let available, let reason): return "scanner \(available ? "on" : "off")\(reason.map { ": " + $0 } ?? "")"
        case .updated: return nil
        }
    }

    static func rssiText(_ snapshot: BeaconSnapshot) -> String {
        "\(Int(snapshot.smoothedRSSI.rounded())) dBm" + (snapshot.distance.map { String(format: " %.1f m", $0) } ?? "")
    }

    /// The beacon table, as the live view and the summary print it.
    static func table(_ beacons: [BeaconSnapshot], width: Int = 200) -> [String] {
        var lines = [pad("TYPE", 14) + pad("IDENTITY", 50) + pad("PROXIMITY", 10) + pad("RSSI", 7) + pad("DIST", 8) + "REPORTS"]
        for beacon in beacons {
            let distance = beacon.distance.map { String(format: "%.1fm", $0) } ?? "-"
            lines.append(pad(beacon.identity.kind.displayName, 14) + pad(beacon.identity.idText, 50)
                         + pad(beacon.proximity.rawValue, 10) + pad(String(format: "%.1f", beacon.smoothedRSSI), 7)
                         + pad(distance, 8) + String(beacon.reports))
        }
        return lines.map { TextWidth.truncate($0, to: width) }
    }

    static func pad(_ text: String, _ width: Int) -> String { TextWidth.pad(text, to: width - 1) + " " }

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    static func timestamp(_ date: Date) -> String {
        ISO8601Formatters.string(from: date, options: [.withInternetDateTime, .withFractionalSeconds])
    }
}
