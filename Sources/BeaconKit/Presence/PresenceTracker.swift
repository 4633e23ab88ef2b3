import Foundation
import MemberKit

/// Turns a stream of parsed advertisements into presence: which beacons are here, how near,
/// and when they leave. Publishes `BeaconEvent`s through `publish`.
///
/// Every time is a Unix time in seconds handed in by the caller (the scanner's clock or the
/// capture's recorded timestamps), so the tracker never reads a clock and tests need no sleeps.
/// Not thread-safe: one pipeline owns it.
public final class PresenceTracker {
    public let settings: PresenceSettings
    public let model: PathLossModel
    private let publish: (BeaconEvent) -> Void

    private var beacons: [BeaconKey: TrackedBeacon] = [:]
    private var addresses: [BluetoothAddress: AddressRecord] = [:]
    private var telemetry: [BluetoothAddress: BeaconTelemetry] = [:]
    private var lastAddressSweep = -Double.infinity

    /// Addresses ignored because they cycled through too many beacon ids.
    public private(set) var floodedAddresses: Set<BluetoothAddress> = []
    /// Called once when an address is flagged as a flood.
    public var onFlood: ((BluetoothAddress, Int) -> Void)?

    /// What the desk says of a flooding address, in the event log and on the CLI's stderr.
    public static func floodMessage(_ address: BluetoothAddress, _ count: Int) -> String {
        "ignoring \(address): it sent \(count) different beacon ids (a flood)"
    }

    /// Beacon frames accepted, and those ignored (flooded address or no RSSI).
    /// The time of the report or sweep being handled: when an event published now happened.
    public private(set) var now = 0.0
    public private(set) var acceptedReports = 0
    public private(set) var ignoredReports = 0

    public init(settings: PresenceSettings = PresenceSettings(), publish: @escaping (BeaconEvent) -> Void = { _ in }) {
        self.settings = settings
        self.model = PathLossModel(exponent: settings.pathLossExponent, immediateBelow: settings.immediateBelow,
                                   nearBelow: settings.nearBelow)
        self.publish = publish
    }

    /// Parses one advertising report and tracks what it says.
    @inline(__always)
    public func ingest(_ report: AdvertisingReport, at time: Double) {
        guard let frame = AdvertisingDataParser.parse(report.data) else { return }
        ingest(frame, address: report.address, rssi: report.rssi, at: time)
    }

    public func ingest(_ frame: BeaconFrame, address: BluetoothAddress, rssi: Int8?, at time: Double) {
        now = time
        switch frame {
        case .beacon(let key, let power):
            track(key, measuredPower: power, address: address, rssi: rssi, at: time)
        case .telemetry(let figures):
            guard !floodedAddresses.contains(address) else { return }
            telemetry[address] = figures
        }
    }

    @inline(__always)
    private func track(_ key: BeaconKey, measuredPower: Int8?, address: BluetoothAddress, rssi: Int8?, at time: Double) {
        guard let rssi else { ignoredReports += 1; return }
        if let beacon = beacons[key], beacon.address == address {
            // The hot path: a known beacon from its known address.
            acceptedReports += 1
            update(beacon, measuredPower: measuredPower, rssi: rssi, at: time)
            return
        }
        guard admit(key, from: address, at: time) else { ignoredReports += 1; return }
        acceptedReports += 1
        if let beacon = beacons[key] {
            beacon.moved(to: address)
            update(beacon, measuredPower: measuredPower, rssi: rssi, at: time)
            return
        }
        let beacon = TrackedBeacon(key: key, address: address, rssi: Double(rssi), at: time)
        beacon.calibrate(measuredPower, model: model)
        // The first sample is the first of the `commitSamples` a proximity needs.
        beacon.candidate = beacon.classify()
        beacon.candidateCount = beacon.candidate == .unknown ? 0 : 1
        beacons[key] = beacon
        beacon.lastUpdatePublished = time
        publish(.appeared(snapshot(of: beacon)))
    }

    @inline(__always)
    private func update(_ beacon: TrackedBeacon, measuredPower: Int8?, rssi: Int8, at time: Double) {
        beacon.reports += 1
        beacon.lastSeen = time
        if measuredPower != beacon.measuredPower { beacon.calibrate(measuredPower, model: model) }
        // ARMA filter: the new sample moves the average by a fixed share of its error.
        beacon.smoothedRSSI += settings.smoothing * (Double(rssi) - beacon.smoothedRSSI)
        let seen = beacon.classify()
        if seen == beacon.proximity {
            beacon.candidateCount = 0
        } else {
            if seen == beacon.candidate {
                beacon.candidateCount += 1
            } else {
                beacon.candidate = seen
                beacon.candidateCount = 1
            }
            if beacon.candidateCount >= settings.commitSamples {
                let from = beacon.proximity
                beacon.proximity = seen
                beacon.candidateCount = 0
                beacon.lastUpdatePublished = time
                publish(.proximityChanged(snapshot(of: beacon), from: from, to: seen))
                return
            }
        }
        if time - beacon.lastUpdatePublished >= settings.updateInterval {
            beacon.lastUpdatePublished = time
            publish(.updated(snapshot(of: beacon)))
        }
    }

    /// The flood rule: an address may carry at most `maxIdentitiesPerAddress` beacon ids.
    private func admit(_ key: BeaconKey, from address: BluetoothAddress, at time: Double) -> Bool {
        if floodedAddresses.contains(address) { return false }
        var record = addresses[address] ?? AddressRecord()
        record.lastSeen = time
        if !record.keys.contains(key) { record.keys.append(key) }
        guard record.keys.count > settings.maxIdentitiesPerAddress else {
            addresses[address] = record
            return true
        }
        addresses[address] = nil
        floodedAddresses.insert(address)
        telemetry[address] = nil
        // Whatever this address made appear cannot be trusted: it leaves now.
        let flooded = beacons.values.filter { $0.address == address }.sorted { $0.lastSeen < $1.lastSeen }
        for beacon in flooded {
            beacons[beacon.key] = nil
            publish(.lost(snapshot(of: beacon)))
        }
        onFlood?(address, record.keys.count)
        return false
    }

    /// Publishes `lost` for every beacon silent for the exit timeout, as of `now`.
    public func expire(now: Double) {
        self.now = now
        var gone: [TrackedBeacon] = []
        for beacon in beacons.values where now - beacon.lastSeen >= settings.exitTimeout {
            gone.append(beacon)
        }
        gone.sort { $0.lastSeen < $1.lastSeen }
        for beacon in gone {
            beacons[beacon.key] = nil
            publish(.lost(snapshot(of: beacon)))
        }
        // Forget quiet addresses' id lists now and then, so rotating phone addresses cannot grow them forever.
        if now - lastAddressSweep >= 60 {
            lastAddressSweep = now
            let horizon = now - max(600, settings.exitTimeout * 10)
            addresses = addresses.filter { $0.value.lastSeen >= horizon }
            let present = Set(beacons.values.map(\.address))
            telemetry = telemetry.filter { present.contains($0.key) }
        }
    }

    /// The beacons present now, strongest first (then by identity, for a stable order).
    public var snapshots: [BeaconSnapshot] {
        beacons.values
            .sorted { a, b in
                a.smoothedRSSI != b.smoothedRSSI ? a.smoothedRSSI > b.smoothedRSSI : a.key.sortOrder < b.key.sortOrder
            }
            .map(snapshot(of:))
    }

    public var count: Int { beacons.count }

    public func snapshot(of key: BeaconKey) -> BeaconSnapshot? {
        beacons[key].map(snapshot(of:))
    }

    private func snapshot(of beacon: TrackedBeacon) -> BeaconSnapshot {
        BeaconSnapshot(identity: beacon.identity, address: beacon.addressText, proximity: beacon.proximity,
                       smoothedRSSI: beacon.smoothedRSSI,
                       distance: model.distance(rssi: beacon.smoothedRSSI, measuredPower: beacon.measuredPower),
                       lastSeen: Date(timeIntervalSince1970: beacon.lastSeen), reports: beacon.reports,
                       telemetry: telemetry[beacon.address])
    }
}

/// One beacon's running state. A class, so the hot path updates it in place.
final class TrackedBeacon {
    let key: BeaconKey
    private(set) var address: BluetoothAddress
    var smoothedRSSI: Double
    var measuredPower: Int8?
    var lastSeen: Double
    var reports = 1
    var proximity = Proximity.unknown
    var candidate = Proximity.unknown
    var candidateCount = 0
    var lastUpdatePublished = -Double.infinity
    private var immediateAbove = Double.infinity
    private var nearAbove = Double.infinity

    init(key: BeaconKey, address: BluetoothAddress, rssi: Double, at time: Double) {
        self.key = key
        self.address = address
        smoothedRSSI = rssi
        lastSeen = time
    }

    /// The readable identity and address, formatted once per beacon, not per report.
    private(set) lazy var identity: BeaconIdentity = key.identity
    private var cachedAddressText: String?
    var addressText: String {
        if let text = cachedAddressText { return text }
        let text = address.description
        cachedAddressText = text
        return text
    }

    func moved(to newAddress: BluetoothAddress) {
        address = newAddress
        cachedAddressText = nil
    }

    func calibrate(_ power: Int8?, model: PathLossModel) {
        measuredPower = power
        if let power {
            (immediateAbove, nearAbove) = model.rssiThresholds(measuredPower: power)
        } else {
            (immediateAbove, nearAbove) = (.infinity, .infinity)
        }
    }

    @inline(__always)
    func classify() -> Proximity {
        guard measuredPower != nil else { return .unknown }
        if smoothedRSSI > immediateAbove { return .immediate }
        if smoothedRSSI > nearAbove { return .near }
        return .far
    }
}

struct AddressRecord {
    var keys: [BeaconKey] = []
    var lastSeen = 0.0
}

extension BeaconKey {
    /// A total order for stable listings.
    var sortOrder: (UInt8, UInt64, UInt64, UInt32) { (kind.rawValue, high, low, extra) }
}
