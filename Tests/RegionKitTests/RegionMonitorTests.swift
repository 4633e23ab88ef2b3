import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
@testable import RegionKit
import Testing

let testUUID = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"

func beacon(major: UInt16 = 1, minor: UInt16 = 2, proximity: Proximity = .near, at date: Date) -> BeaconEvent {
    .updated(BeaconSnapshot(identity: BeaconIdentity(kind: .iBeacon, uuid: testUUID, major: major, minor: minor),
                            address: "AA:BB:CC:DD:EE:FF", proximity: proximity, smoothedRSSI: -60, distance: 1.5,
                            lastSeen: date, reports: 1))
}

extension Array where Element == RegionTransition {
    var names: [String] { map { "\($0.kind.rawValue) \($0.region.identifier)" } }
}

@Suite struct RegionMonitorTests {
    let t0 = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func beaconRegionEntersAtTheRequiredProximityAndExitsAfterTheDelay() {
        let monitor = RegionMonitor(database: nil, exitDelay: 30)
        let door = Region(identifier: "door", uuid: testUUID, major: 1, proximity: .near)
        let any = Region(identifier: "any", uuid: testUUID)
        let other = Region(identifier: "other", uuid: testUUID, major: 9)
        _ = monitor.load([door, any, other], at: t0)
        #expect(monitor.handle(beacon(proximity: .far, at: t0), at: t0).names == ["enter any"])
        #expect(monitor.handle(beacon(proximity: .immediate, at: t0 + 1), at: t0 + 1).names == ["enter door"])
        // Seen again: no second enter.
        #expect(monitor.handle(beacon(proximity: .near, at: t0 + 10), at: t0 + 10).isEmpty)
        #expect(monitor.tick(at: t0 + 39).isEmpty)
        #expect(monitor.tick(at: t0 + 40).names.sorted() == ["exit any", "exit door"])
        #expect(monitor.tick(at: t0 + 100).isEmpty)
        #expect(monitor.insideIdentifiers.isEmpty)
    }

    @Test func farReadingsKeepANearRegionFromStaying() {
        let monitor = RegionMonitor(database: nil, exitDelay: 30)
        _ = monitor.load([Region(identifier: "door", uuid: testUUID, proximity: .near)], at: t0)
        #expect(monitor.handle(beacon(proximity: .near, at: t0), at: t0).names == ["enter door"])
        #expect(monitor.handle(beacon(proximity: .far, at: t0 + 20), at: t0 + 20).isEmpty)
        #expect(monitor.handle(beacon(proximity: .far, at: t0 + 31), at: t0 + 31).names == ["exit door"])
    }

    @Test func circularRegionUsesAccuracyAndHysteresis() {
        let monitor = RegionMonitor(database: nil, hysteresis: 20)
        let shop = Region(identifier: "shop", latitude: 35.6595, longitude: 139.7005, radius: 100)
        _ = monitor.load([shop], at: t0)
        // ~222 m north: outside; the first fix decides at once (no enter).
        #expect(monitor.handle(LocationFix(latitude: 35.6615, longitude: 139.7005, accuracy: 10, time: t0)).isEmpty)
        // Still 222 m, but accuracy 150 m: distance − accuracy < radius, so inside — after 20 s.
        #expect(monitor.handle(LocationFix(latitude: 35.6615, longitude: 139.7005, accuracy: 150, time: t0 + 1)).isEmpty)
        #expect(monitor.handle(LocationFix(latitude: 35.6595, longitude: 139.7005, accuracy: 5, time: t0 + 10)).isEmpty)
        #expect(monitor.tick(at: t0 + 20).isEmpty)
        #expect(monitor.tick(at: t0 + 21).names == ["enter shop"])
        // A brief excursion outside does not count.
        #expect(monitor.handle(LocationFix(latitude: 35.6700, longitude: 139.7005, accuracy: 5, time: t0 + 30)).isEmpty)
        #expect(monitor.handle(LocationFix(latitude: 35.6595, longitude: 139.7005, accuracy: 5, time: t0 + 45)).isEmpty)
        #expect(monitor.tick(at: t0 + 80).isEmpty)
        #expect(monitor.handle(LocationFix(latitude: 35.6700, longitude: 139.7005, accuracy: 5, time: t0 + 90)).isEmpty)
        #expect(monitor.handle(LocationFix(latitude: 35.6700, longitude: 139.7005, accuracy: 5, time: t0 + 110)).names == ["exit shop"])
    }

    @Test func stateSurvivesARestartAndTheFirstFixEntersOnlyOnce() throws {
        let database = try AppDatabase.inMemory()
        let shop = Region(identifier: "shop", latitude: 35.6595, longitude: 139.7005, radius: 100, triggerLimit: .onceEver)
        let door = Region(identifier: "door", uuid: testUUID)
        let inside = LocationFix(latitude: 35.6595, longitude: 139.7005, time: t0)
        do {
            let monitor = RegionMonitor(database: database)
            _ = monitor.load([shop, door], at: t0)
            let first = monitor.handle(inside)
            #expect(first.names == ["enter shop"])
            #expect(first.first?.runScript == true)
            #expect(monitor.handle(beacon(at: t0), at: t0).names == ["enter door"])
        }
        let restarted = RegionMonitor(database: database, exitDelay: 30)
        _ = restarted.load([shop, door], at: t0 + 100)
        #expect(restarted.handle(LocationFix(latitude: 35.6595, longitude: 139.7005, time: t0 + 100)).isEmpty)
        #expect(Set(restarted.insideIdentifiers) == ["shop", "door"])
        // The door's beacon is not seen after the restart: it exits after the delay, with its script armed.
        let exits = restarted.tick(at: t0 + 130)
        #expect(exits.names == ["exit door"])
        #expect(exits.first?.runScript == true)
        // once_ever is remembered across restarts.
        _ = restarted.handle(LocationFix(latitude: 35.70, longitude: 139.7005, time: t0 + 200))
        #expect(restarted.tick(at: t0 + 221).names == ["exit shop"])
        _ = restarted.handle(LocationFix(latitude: 35.6595, longitude: 139.7005, time: t0 + 300))
        let again = restarted.tick(at: t0 + 321)
        #expect(again.names == ["enter shop"])
        #expect(again.first?.runScript == false)
    }

    @Test func changedGeometryReArmsTheRegionAndRemovedRegionsExit() {
        let monitor = RegionMonitor(database: nil)
        let v1 = Region(identifier: "door", uuid: testUUID, major: 1)
        _ = monitor.load([v1], at: t0)
        #expect(monitor.handle(beacon(major: 1, at: t0), at: t0).names == ["enter door"])
        // Same geometry, new script: state kept.
        var v1b = v1
        v1b.enterScript = "wk_console_log('new')"
        #expect(monitor.load([v1b], at: t0 + 1).isEmpty)
        // New major under the same identifier: exit, then watched afresh.
        let v2 = Region(identifier: "door", uuid: testUUID, major: 2)
        #expect(monitor.load([v2], at: t0 + 2).names == ["exit door"])
        #expect(monitor.handle(beacon(major: 2, at: t0 + 3), at: t0 + 3).names == ["enter door"])
        #expect(monitor.load([], at: t0 + 4).names == ["exit door"])
    }

    @Test func triggerLimitsAndActiveWindowsGateScripts() {
        let monitor = RegionMonitor(database: nil, exitDelay: 1)
        let cooled = Region(identifier: "cool", uuid: testUUID, triggerLimit: .everyTime(cooldown: 60))
        _ = monitor.load([cooled], at: t0)
        var runs: [Bool] = []
        for offset in [0.0, 10, 20, 100] {
            let enter = monitor.handle(beacon(at: t0 + offset), at: t0 + offset)
            runs.append(enter.first?.runScript ?? false)
            #expect(monitor.tick(at: t0 + offset + 2).first?.runScript == runs.last)  // exit runs iff enter ran
        }
        #expect(runs == [true, false, false, true])

        let session = RegionMonitor(database: nil, exitDelay: 1)
        _ = session.load([Region(identifier: "s", uuid: testUUID, triggerLimit: .oncePerSession)], at: t0)
        #expect(session.handle(beacon(at: t0), at: t0).first?.runScript == true)
        _ = session.tick(at: t0 + 5)
        #expect(session.handle(beacon(at: t0 + 500), at: t0 + 500).first?.runScript == false)

        let closed = RegionMonitor(database: nil)
        _ = closed.load([Region(identifier: "c", uuid: testUUID, weekdays: [7])], at: t0)  // 2026-01-01 is a Thursday
        let enter = closed.handle(beacon(at: t0), at: t0)
        #expect(enter.names == ["enter c"])
        #expect(enter.first?.runScript == false)
    }

    @Test func expiredRegionsAreNotWatchedAndExpiryExits() {
        let monitor = RegionMonitor(database: nil)
        let old = Region(identifier: "old", uuid: testUUID, expireAt: t0.timeIntervalSince1970 - 1)
        let soon = Region(identifier: "soon", uuid: testUUID, major: 1, expireAt: t0.timeIntervalSince1970 + 10.5)
        _ = monitor.load([old, soon], at: t0)
        #expect(monitor.regions.map(\.identifier) == ["soon"])
        #expect(monitor.handle(beacon(at: t0), at: t0).names == ["enter soon"])
        #expect(monitor.tick(at: t0 + 11).names == ["exit soon"])
    }
}
