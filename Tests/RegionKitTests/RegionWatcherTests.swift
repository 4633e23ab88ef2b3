import DeskSettings
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
@testable import RegionKit
import Testing

@Suite struct RegionWatcherTests {
    @Test func enterAndExitRunTheirScriptsAndReachTheBus() throws {
        let f = try EngineFixture()
        let watcher = RegionWatcher(monitor: RegionMonitor(database: f.database, exitDelay: 30), engine: f.engine,
                                    database: f.database, clock: f.clock)
        let region = Region(identifier: "door", name: "正面", uuid: testUUID,
                            enterScript: "wk_console_log('hi ' + wk_activity_region_name + ' ' + desk.event.beacon.proximity)",
                            exitScript: "wk_console_log('bye')")
        watcher.load([region], at: f.clock.now())
        watcher.handle(.beacon(beacon(at: f.clock.now())), at: f.clock.now())
        f.clock.advance(by: 31)
        watcher.tick(at: f.clock.now())
        #expect(f.engine.waitUntilIdle(timeout: 10))
        let events = f.drain()
        #expect(events.regionChanges == ["enter door", "exit door"])
        #expect(events.scriptOutput == ["hi 正面 near", "bye"])
    }

    @Test func everyTenthVisitGetsFreeCoffee() throws {
        let f = try EngineFixture()
        let watcher = RegionWatcher(monitor: RegionMonitor(database: f.database), engine: f.engine, database: f.database, clock: f.clock)
        let region = Region(identifier: "cafe", uuid: testUUID, checkinScript: """
            if (desk.event.visitNumber % 10 === 0) desk.notify('free coffee for ' + desk.event.passId);
            desk.checkIn(desk.event.passId);  // a script's own check-in does not run check-in scripts again
            """)
        watcher.load([region], at: f.clock.now())
        watcher.handle(.beacon(beacon(at: f.clock.now())), at: f.clock.now())
        let subscription = f.bus.subscribe()
        for _ in 0..<20 {
            f.clock.advance(by: 3600)
            _ = try f.club.checkIn(passId: "04A1B2C3", source: .nfc)
        }
        for event in subscription.drain() { watcher.handle(event, at: f.clock.now()) }
        #expect(f.engine.waitUntilIdle(timeout: 20))
        let events = f.drain()
        #expect(events.notifications.map(\.alert) == ["free coffee for 04A1B2C3", "free coffee for 04A1B2C3"])
        #expect(events.scriptErrors.isEmpty)
    }

    @Test func anExitRunsCheckInScriptsAsCheckoutAndScriptsCanCheckOut() throws {
        let f = try EngineFixture()
        let watcher = RegionWatcher(monitor: RegionMonitor(database: f.database), engine: f.engine, database: f.database, clock: f.clock)
        let region = Region(identifier: "gym", uuid: testUUID, checkinScript: """
            wk_console_log(desk.event.kind + ' ' + desk.event.outcome + ' ' + desk.event.inside);
            """)
        watcher.load([region], at: f.clock.now())
        watcher.handle(.beacon(beacon(at: f.clock.now())), at: f.clock.now())
        let subscription = f.bus.subscribe()
        f.clock.advance(by: 3600)
        _ = try f.club.checkIn(passId: "04A1B2C3", source: .nfc)
        f.clock.advance(by: 3600)
        _ = try f.club.checkOut(passId: "04A1B2C3")
        for event in subscription.drain() { watcher.handle(event, at: f.clock.now()) }
        #expect(f.engine.waitUntilIdle(timeout: 20))
        #expect(f.drain().scriptOutput == ["checkin enrolled true", "checkout checkedOut false"])
        // desk.checkOut: the same rules as a staff check-out.
        f.clock.advance(by: 3600)
        _ = try f.club.checkIn(passId: "04A1B2C3", source: .nfc)
        #expect(f.run("var r = desk.checkOut('04A1B2C3'); wk_console_log(r.outcome + ' ' + r.inside)").output == ["checkedOut false"])
        #expect(f.run("wk_console_log(desk.checkOut('04A1B2C3').outcome)").output == ["notInside"])
        #expect(f.run("wk_console_log(desk.checkOut('NOPE').outcome)").output == ["unknownPass"])
    }

    @Test func theSwitchTurnsRegionsOff() throws {
        let f = try EngineFixture()
        try RegionSwitch.set(false, f.database)
        let watcher = RegionWatcher(monitor: RegionMonitor(database: f.database), engine: f.engine, database: f.database, clock: f.clock)
        watcher.load([Region(identifier: "door", uuid: testUUID, enterScript: "wk_console_log('x')")], at: f.clock.now())
        #expect(watcher.handle(.beacon(beacon(at: f.clock.now())), at: f.clock.now()).isEmpty)
        try RegionSwitch.set(true, f.database)  // as `memberdesk regions on` in another process
        watcher.reloadSwitch()
        #expect(watcher.handle(.beacon(beacon(at: f.clock.now())), at: f.clock.now()).names == ["enter door"])
        try watcher.setOn(false)
        #expect(!RegionSwitch.isOn(f.database))
        #expect(f.drain().contains { if case .region(.switched(on: false)) = $0 { true } else { false } })
    }

    @Test func circularRegionsFromAFakeGpsd() throws {
        let gpsd = try FakeGpsd()
        defer { gpsd.stop() }
        let f = try EngineFixture()
        let watcher = RegionWatcher(monitor: RegionMonitor(database: f.database), engine: f.engine, database: f.database, clock: f.clock)
        watcher.load([Region(identifier: "shop", name: "渋谷店", latitude: 35.6595, longitude: 139.7005, radius: 100,
                             enterScript: "wk_console_log('welcome')", exitScript: "wk_console_log('goodbye')")], at: f.clock.now())
        let source = try #require(GpsdLocationSource(address: gpsd.address, clock: f.clock))
        watcher.start(location: source, list: nil, listOrigin: "")
        defer { watcher.stop() }
        #expect(waitUntil { gpsd.watchers == 1 })
        gpsd.send(raw: "{\"class\":\"SKY\"}")
        gpsd.send(raw: "not json at all")
        gpsd.send(latitude: 35.6595, longitude: 139.7005, mode: 1)  // no fix: ignored
        gpsd.send(latitude: 35.6596, longitude: 139.7005, eph: 8)
        #expect(waitUntil { f.events.drain().scriptOutput.contains("welcome") || watcher.monitor.insideIdentifiers == ["shop"] })
        #expect(watcher.monitor.insideIdentifiers == ["shop"])
        // Leave, and stay out for 20 s of (fake) time.
        gpsd.send(latitude: 35.6700, longitude: 139.7005, eph: 8)
        #expect(waitUntil { f.clock.advance(by: 5); return watcher.monitor.insideIdentifiers.isEmpty })
        #expect(f.engine.waitUntilIdle(timeout: 10))
    }

    @Test func gpsdParserIgnoresAnythingButAFix() {
        let now = Date()
        #expect(GpsdLocationSource.parse(Array("{\"class\":\"TPV\",\"mode\":2,\"lat\":1.5,\"lon\":2.5,\"epx\":3,\"epy\":4}".utf8), now: now)
                == LocationFix(latitude: 1.5, longitude: 2.5, accuracy: 4, time: now))
        for line in ["", "{", "[]", "{\"class\":\"TPV\",\"mode\":3}", "{\"class\":\"TPV\",\"lat\":100,\"lon\":0}", "{\"class\":\"TPV\",\"mode\":1,\"lat\":1,\"lon\":1}"] {
            #expect(GpsdLocationSource.parse(Array(line.utf8), now: now) == nil)
        }
    }
}

@Suite struct RegionWatcherLiveTests {
    @Test func startLiveWiresTheBusTheCacheAndAFixedLocation() throws {
        let home = try TemporaryDirectory()
        let paths = DeskPaths(environment: ["HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache", "XDG_DATA_HOME": home.path + "/data"])
        try FileManager.default.createDirectory(atPath: paths.cacheDirectory, withIntermediateDirectories: true)
        try RegionCapture.regions.write(toFile: paths.regionCache, atomically: true, encoding: .utf8)
        var config = DeskConfig()
        config.regions.location = "35.6596,139.7005"
        let database = try AppDatabase.inMemory()
        let bus = EventBus()
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "Live"), bus: bus)
        let events = bus.subscribe()
        let watcher = RegionWatcher.startLive(config: config, paths: paths, club: club, database: database)
        defer { watcher.stop() }
        var seen: [DeskEvent] = []
        #expect(waitUntil { seen += events.drain(); return seen.scriptOutput.contains("at the shop") })
        bus.publish(.beacon(beacon(major: 100, minor: 7, at: Date())))
        #expect(waitUntil { seen += events.drain(); return seen.scriptOutput.contains("hi 入口") })
        #expect(Set(watcher.monitor.insideIdentifiers) == ["door", "shop"])
        // Another process loads a list without the door: the running watcher picks it up and exits it.
        let shopOnly = try JSONDecoder().decode([JSONValue].self, from: Data(RegionCapture.regions.utf8))
            .filter { $0 != .null && { if case .object(let o) = $0 { return o["identifier"] != .string("door") } else { return true } }($0) }
        try JSONEncoder().encode(shopOnly).write(to: URL(fileURLWithPath: paths.regionCache), options: .atomic)
        #expect(waitUntil { seen += events.drain(); return seen.regionChanges.contains("exit door") })
        #expect(watcher.monitor.insideIdentifiers == ["shop"])
    }
}
