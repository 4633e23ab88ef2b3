import BeaconKit
import MemberDeskTestSupport
import MemberKit
import Testing

/// Records what the tracker publishes, in a readable form.
final class EventLog {
    var events: [BeaconEvent] = []
    var lines: [String] {
        events.map { event in
            switch event {
            case .appeared(let s): return "appeared \(s.identity.minor ?? 0) \(s.proximity)"
            case .proximityChanged(let s, let from, let to): return "proximity \(s.identity.minor ?? 0) \(from)->\(to)"
            case .updated(let s): return "updated \(s.identity.minor ?? 0)"
            case .lost(let s): return "lost \(s.identity.minor ?? 0)"
            case .scanner(let available, _): return "scanner \(available)"
            }
        }
    }
    var changes: [String] { lines.filter { !$0.hasPrefix("updated") } }
}

@Suite struct PresenceTrackerTests {
    static let uuid = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"
    let address = BluetoothAddress("C0:FF:EE:00:00:01")!

    func frame(minor: UInt16 = 1, power: Int8 = -59) -> BeaconFrame {
        AdvertisingDataParser.parse(AdvertisingFixture.iBeacon(uuid: Self.uuid, major: 1, minor: minor, measuredPower: power))!
    }

    func tracker(smoothing: Double = 1, exitTimeout: Double = 10) -> (PresenceTracker, EventLog) {
        let log = EventLog()
        var settings = PresenceSettings()
        settings.smoothing = smoothing
        settings.exitTimeout = exitTimeout
        return (PresenceTracker(settings: settings) { log.events.append($0) }, log)
    }

    @Test func proximityIsCommittedOnTheThirdSampleInARow() {
        let (tracker, log) = tracker()
        let beacon = frame()
        // -60 dBm with 1 m power -59: about 1.1 m, near.
        tracker.ingest(beacon, address: address, rssi: -60, at: 0)
        #expect(log.changes == ["appeared 1 unknown"])
        tracker.ingest(beacon, address: address, rssi: -60, at: 0.1)
        #expect(log.changes == ["appeared 1 unknown"])
        tracker.ingest(beacon, address: address, rssi: -60, at: 0.2)
        #expect(log.changes == ["appeared 1 unknown", "proximity 1 unknown->near"])
    }

    @Test func oneOrTwoOutliersDoNotFlipProximity() {
        let (tracker, log) = tracker()
        let beacon = frame()
        var time = 0.0
        func report(_ rssi: Int8) { tracker.ingest(beacon, address: address, rssi: rssi, at: time); time += 0.1 }
        for _ in 0..<3 { report(-60) }
        report(-40); report(-60)            // one immediate outlier
        report(-40); report(-40); report(-60) // two in a row
        report(-85); report(-40); report(-85) // alternating never agrees
        #expect(log.changes == ["appeared 1 unknown", "proximity 1 unknown->near"])
        report(-40); report(-40); report(-40)
        #expect(log.changes.last == "proximity 1 near->immediate")
        report(-85); report(-85); report(-85)
        #expect(log.changes.last == "proximity 1 immediate->far")
        #expect(tracker.snapshots.first?.proximity == .far)
    }

    @Test func armaFilterSmoothsAnOutlier() {
        let (tracker, _) = tracker(smoothing: 0.1)
        let beacon = frame()
        for index in 0..<10 { tracker.ingest(beacon, address: address, rssi: -70, at: Double(index) / 10) }
        tracker.ingest(beacon, address: address, rssi: -30, at: 1)
        let rssi = tracker.snapshots.first!.smoothedRSSI
        #expect(abs(rssi - -66) < 1e-9)
    }

    @Test func distanceFollowsTheLogDistanceModel() throws {
        let (tracker, _) = tracker()
        tracker.ingest(frame(power: -59), address: address, rssi: -79, at: 0)
        // 20 dB below the 1 m power with n = 2: 10 m.
        let distance = try #require(tracker.snapshots.first?.distance)
        #expect(abs(distance - 10) < 1e-9)
    }

    @Test func unknownPowerGivesUnknownProximity() {
        let (tracker, log) = tracker()
        let beacon = frame(power: 0)
        for index in 0..<5 { tracker.ingest(beacon, address: address, rssi: -50, at: Double(index)) }
        #expect(log.changes == ["appeared 1 unknown"])
        #expect(tracker.snapshots.first?.distance == nil)
    }

    @Test func lostAfterTheExitTimeoutAndNotBefore() {
        let (tracker, log) = tracker(exitTimeout: 10)
        tracker.ingest(frame(), address: address, rssi: -60, at: 100)
        tracker.expire(now: 109.9)
        #expect(!log.lines.contains("lost 1"))
        tracker.ingest(frame(), address: address, rssi: -60, at: 105)
        tracker.expire(now: 114.9)
        #expect(!log.lines.contains("lost 1"))
        tracker.expire(now: 115)
        #expect(log.lines.last == "lost 1")
        #expect(tracker.count == 0)
        // Coming back is a new appearance.
        tracker.ingest(frame(), address: address, rssi: -60, at: 120)
        #expect(log.lines.last == "appeared 1 unknown")
    }

    @Test func reportsWithoutRSSIAreIgnored() {
        let (tracker, log) = tracker()
        tracker.ingest(frame(), address: address, rssi: nil, at: 0)
        #expect(log.events.isEmpty)
        #expect(tracker.ignoredReports == 1)
    }

    @Test func updatesAreThrottledToOnePerInterval() {
        let (tracker, log) = tracker()
        for index in 0..<100 { tracker.ingest(frame(), address: address, rssi: -60, at: Double(index) / 10) }
        // 10 s of reports at 10 Hz: one update a second, less the second of the appearance/commit.
        let updates = log.lines.filter { $0.hasPrefix("updated") }.count
        #expect((8...10).contains(updates))
        #expect(tracker.snapshots.first?.reports == 100)
    }

    @Test func anAddressCyclingThroughManyIdsIsAFlood() {
        let (tracker, log) = tracker()
        var flagged: [(BluetoothAddress, Int)] = []
        tracker.onFlood = { flagged.append(($0, $1)) }
        let honest = BluetoothAddress("00:00:00:00:00:AA")!
        tracker.ingest(frame(minor: 500), address: honest, rssi: -60, at: 0)
        for minor in 1...10 { tracker.ingest(frame(minor: UInt16(minor)), address: address, rssi: -60, at: Double(minor)) }
        #expect(tracker.count == 11)
        tracker.ingest(frame(minor: 11), address: address, rssi: -60, at: 11)
        #expect(flagged.count == 1 && flagged.first?.0 == address && flagged.first?.1 == 11)
        #expect(tracker.count == 1)
        #expect(tracker.snapshots.first?.identity.minor == 500)
        #expect(log.lines.filter { $0.hasPrefix("lost") }.count == 10)
        // Nothing more from the flooding address is tracked, even an id it used before.
        tracker.ingest(frame(minor: 1), address: address, rssi: -60, at: 12)
        tracker.ingest(frame(minor: 99), address: address, rssi: -60, at: 12)
        #expect(tracker.count == 1)
        #expect(tracker.floodedAddresses == [address])
    }

    @Test func tenIdsPerAddressIsStillAllowed() {
        let (tracker, _) = tracker()
        for round in 0..<3 {
            for minor in 1...10 { tracker.ingest(frame(minor: UInt16(minor)), address: address, rssi: -60, at: Double(round)) }
        }
        #expect(tracker.count == 10)
        #expect(tracker.floodedAddresses.isEmpty)
    }

    @Test func aCrowdOfAHundredBeacons() {
        let (tracker, log) = tracker(smoothing: 0.1)
        // 100 beacons, each at its own distance, 10 reports a second for 5 s.
        for tick in 0..<50 {
            for index in 0..<100 {
                let address = BluetoothAddress(rawValue: 0xC0FFEE000000 + UInt64(index))
                let rssi = Int8(-45 - index / 3)
                tracker.ingest(frame(minor: UInt16(index)), address: address, rssi: rssi, at: Double(tick) / 10)
            }
        }
        #expect(tracker.count == 100)
        #expect(log.lines.filter { $0.hasPrefix("appeared") }.count == 100)
        let snapshots = tracker.snapshots
        #expect(Set(snapshots.map { $0.identity.minor! }).count == 100)
        #expect(snapshots.allSatisfy { $0.reports == 50 })
        #expect(snapshots.first?.identity.minor == 0) // strongest first
        // -45 is immediate, -60 near, beyond -71 far.
        #expect(tracker.snapshot(of: key(minor: 0))?.proximity == .immediate)
        #expect(tracker.snapshot(of: key(minor: 45))?.proximity == .near)
        #expect(tracker.snapshot(of: key(minor: 99))?.proximity == .far)
        tracker.expire(now: 15)
        #expect(tracker.count == 0)
        #expect(log.lines.filter { $0.hasPrefix("lost") }.count == 100)
    }

    func key(minor: UInt16) -> BeaconKey {
        guard case .beacon(let key, _) = frame(minor: minor) else { fatalError() }
        return key
    }

    @Test func telemetryIsAttachedToTheBeaconAtTheSameAddress() {
        let (tracker, _) = tracker()
        let uid = AdvertisingDataParser.parse(AdvertisingFixture.eddystoneUID(namespace: "00112233445566778899", instance: "aabbccddeeff"))!
        let tlm = AdvertisingDataParser.parse(AdvertisingFixture.eddystoneTLM(batteryMillivolts: 2900, temperature: -5.25, advertisingCount: 7, uptimeTenths: 10))!
        tracker.ingest(uid, address: address, rssi: -60, at: 0)
        tracker.ingest(tlm, address: address, rssi: -60, at: 0.1)
        let telemetry = tracker.snapshots.first?.telemetry
        #expect(telemetry == BeaconTelemetry(batteryMillivolts: 2900, temperature: -5.25, advertisingCount: 7, uptime: 1))
    }
}
