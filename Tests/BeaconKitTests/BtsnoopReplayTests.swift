import BeaconKit
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

@Suite struct BtsnoopReplayTests {
    func replay(_ writer: BtsnoopWriter, settings: PresenceSettings = PresenceSettings()) throws -> (BeaconPipeline, EventLog, BtsnoopReplay) {
        let folder = try TemporaryDirectory()
        let path = folder.file("capture.btsnoop")
        try writer.write(to: path)
        let log = EventLog()
        let pipeline = BeaconPipeline(tracker: PresenceTracker(settings: settings) { log.events.append($0) })
        let source = BtsnoopReplay(path: path, pacing: .fast)
        try source.start()
        try pipeline.run(source)
        return (pipeline, log, source)
    }

    @Test(arguments: BtsnoopWriter.Datalink.allCases)
    func bothDatalinksGiveTheSameBeacons(datalink: BtsnoopWriter.Datalink) throws {
        let (pipeline, _, source) = try replay(CaptureFixture.scene(datalink))
        #expect(source.datalink?.rawValue == datalink.rawValue)
        #expect(pipeline.reportCount == 30 * 4)
        let beacons = pipeline.tracker.snapshots
        let identities = Set(beacons.map(\.identity))
        #expect(identities == [
            BeaconIdentity(kind: .iBeacon, uuid: CaptureFixture.iBeaconUUID, major: 100, minor: 7),
            BeaconIdentity(kind: .altBeacon, uuid: CaptureFixture.altBeaconUUID, major: 3, minor: 4),
            BeaconIdentity(kind: .eddystoneUID, uuid: CaptureFixture.namespace, instance: CaptureFixture.instance),
            BeaconIdentity(kind: .eddystoneURL, url: "https://goo.gl/abc"),
        ])
        let ibeacon = try #require(beacons.first { $0.identity.kind == .iBeacon })
        #expect(ibeacon.address == "11:22:33:44:55:01")
        #expect(ibeacon.reports == 30)
        #expect(ibeacon.smoothedRSSI == -45)
        #expect(ibeacon.proximity == .immediate)
        #expect(abs(ibeacon.lastSeen.timeIntervalSince(CaptureFixture.start) - 2.91) < 1e-5)
        let uid = try #require(beacons.first { $0.identity.kind == .eddystoneUID })
        #expect(uid.reports == 27)
        #expect(uid.telemetry?.batteryMillivolts == 3000)
        #expect(uid.telemetry?.temperature == 22.5)
    }

    @Test func recordsAcrossBufferRefillsReadTheSameAsInMemory() throws {
        // ~500 KB through the smallest buffer the reader allows (128 KiB): records straddle refills.
        let writer = CaptureFixture.scene(.h4, seconds: 400)
        let folder = try TemporaryDirectory()
        let path = folder.file("big.btsnoop")
        try writer.write(to: path)
        func digest(_ reader: BtsnoopReader) throws -> [Int64] {
            var stamps: [Int64] = []
            while try reader.next({ stamps.append($0.timestamp &* 31 &+ Int64($0.data.count) &+ Int64($0.data.last ?? 0)) }) {}
            return stamps
        }
        let streamed = try digest(BtsnoopReader(path: path, bufferSize: 1))
        let whole = try digest(BtsnoopReader(bytes: writer.bytes))
        #expect(writer.bytes.count > 400_000)
        #expect(streamed.count == writer.recordCount)
        #expect(streamed == whole)
    }

    @Test func unencapsulatedHCIDatalinkIsReadToo() throws {
        // A monitor capture's event records carry flags 3, which on datalink 1001 also mean
        // "event from the controller"; its New Index record (flags 0) is then skipped.
        var bytes = CaptureFixture.scene(.monitor).bytes
        bytes[14] = 0x03
        bytes[15] = 0xE9 // 1001
        let reader = try BtsnoopReader(bytes: bytes)
        #expect(reader.datalink == .hci)
        let pipeline = BeaconPipeline(tracker: PresenceTracker())
        while try reader.next({ record in
            if let event = record.hciEvent(datalink: .hci) { pipeline.handle(event: event, time: record.time) }
        }) {}
        #expect(pipeline.tracker.count == 4)
    }

    @Test func extendedReportsReplayToo() throws {
        let (pipeline, _, _) = try replay(CaptureFixture.scene(.monitor, extended: true))
        #expect(pipeline.tracker.count == 4)
    }

    @Test func aBeaconThatStopsIsLostByRecordedTime() throws {
        var settings = PresenceSettings()
        settings.exitTimeout = 5
        let (pipeline, log, _) = try replay(CaptureFixture.scene(.h4, seconds: 12, iBeaconSeconds: 2), settings: settings)
        let lost = log.events.compactMap { event -> BeaconSnapshot? in
            if case .lost(let snapshot) = event { return snapshot } else { return nil }
        }
        #expect(lost.map(\.identity.kind) == [.iBeacon])
        #expect(pipeline.tracker.count == 3)
    }

    @Test func pacedReplayWaitsForRecordedTimesWithoutSleeping() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("paced.btsnoop")
        try CaptureFixture.scene(.monitor, seconds: 1).write(to: path)
        // A virtual monotonic clock that the injected wait advances.
        final class Clock: @unchecked Sendable { var now = 1000.0; var waited: [Double] = [] }
        let clock = Clock()
        let source = BtsnoopReplay(path: path, pacing: .realTime,
                                   wait: { clock.waited.append($0); clock.now += $0 }, monotonic: { clock.now })
        let log = EventLog()
        let pipeline = BeaconPipeline(tracker: PresenceTracker { log.events.append($0) })
        try source.start()
        try pipeline.run(source, pollInterval: 0.05)
        #expect(pipeline.reportCount == 40)
        // 1 s of capture took 1 s of (virtual) waiting, in steps no longer than the poll interval.
        #expect(abs(clock.now - 1000 - 0.92) < 1e-6)
        #expect(clock.waited.allSatisfy { $0 <= 0.05 + 1e-9 })
    }

    @Test func malformedCapturesGiveOneLineErrors() throws {
        let folder = try TemporaryDirectory()
        func open(_ bytes: [UInt8]) -> String {
            do {
                let reader = try BtsnoopReader(bytes: bytes, name: "x.btsnoop")
                while try reader.next({ _ in }) {}
                return reader.truncatedTail ? "truncated" : "ok"
            } catch {
                return "\(error)"
            }
        }
        #expect(open([]) == "x.btsnoop: not a btsnoop capture (no \"btsnoop\" header)")
        #expect(open(Array("hello world, this is text".utf8)).contains("not a btsnoop capture"))
        var header = BtsnoopWriter(datalink: .h4).bytes
        header[11] = 2
        #expect(open(header) == "x.btsnoop: btsnoop version 2 is not supported (only version 1)")
        header = BtsnoopWriter(datalink: .h4).bytes
        header[15] = 0xEA // 1002 → 1002 - 0xEA + 0xEA... datalink 0x3EA = 1002; 0x3EA → 0x3EA? set 1001+? use 1003
        header[14] = 0x03; header[15] = 0xEB
        #expect(open(header) == "x.btsnoop: btsnoop datalink 1003 is not supported (use 1001, 1002 or 2001)")
        var writer = BtsnoopWriter(datalink: .h4)
        writer.appendEvent([0x3E, 0x00], micros: 0)
        writer.appendRecord([1, 2, 3], flags: 3, micros: 0, includedLength: 0x7FFF_FFFF)
        #expect(open(writer.bytes) == "x.btsnoop: record 2 at byte 43: included length 2147483647 is impossible for an HCI packet")
        writer = CaptureFixture.scene(.h4, seconds: 1)
        #expect(open(Array(writer.bytes.dropLast(3))) == "truncated")
        #expect(open(writer.bytes) == "ok")
        // A missing file and a folder.
        #expect(throws: BtsnoopError.self) { try BtsnoopReader(path: folder.file("missing.btsnoop")) }
        #expect(throws: BtsnoopError.self) { try BtsnoopReader(path: folder.path) }
    }

    @Test func garbageRecordsAreSkippedNotFatal() throws {
        var writer = BtsnoopWriter(datalink: .h4, start: CaptureFixture.start)
        let beacon = AdvertisingFixture.iBeacon(uuid: CaptureFixture.iBeaconUUID, major: 1, minor: 2)
        writer.appendRecord([], flags: 3, micros: 0)                        // empty record
        writer.appendRecord([0x04, 0x3E], flags: 3, micros: 0)              // event cut short
        writer.appendRecord([0x04, 0x3E, 0xFF, 0x02, 0x09, 0x00], flags: 3, micros: 0) // lying lengths
        writer.appendRecord([0x02, 0x00, 0x20], flags: 3, micros: 0)        // ACL, not an event
        var event = AdvertisingFixture.advertisingReportEvent([.init(address: "00:00:00:00:00:01", rssi: -50, data: beacon)])
        event[12] = 0xFF // data length past the end
        writer.appendEvent(event, at: CaptureFixture.start)
        writer.appendEvent(AdvertisingFixture.advertisingReportEvent([.init(address: "00:00:00:00:00:02", rssi: -50, data: beacon)]),
                           at: CaptureFixture.start)
        let (pipeline, _, source) = try replay(writer)
        #expect(source.recordCount == 6)
        #expect(pipeline.tracker.count == 1)
        #expect(pipeline.tracker.snapshots.first?.address == "00:00:00:00:00:02")
    }

    @Test func aCrowdOfAHundredBeaconsReplays() throws {
        var writer = BtsnoopWriter(datalink: .monitor, start: CaptureFixture.start)
        for tick in 0..<20 {
            for group in 0..<25 {
                let reports = (0..<4).map { slot -> AdvertisingFixture.Report in
                    let index = group * 4 + slot
                    let address = String(format: "C0:00:00:00:00:%02X", index)
                    return .init(address: address, rssi: Int8(-40 - index / 3),
                                 data: AdvertisingFixture.iBeacon(uuid: CaptureFixture.iBeaconUUID, major: 9, minor: UInt16(index)))
                }
                writer.appendEvent(AdvertisingFixture.advertisingReportEvent(reports),
                                   at: CaptureFixture.start.addingTimeInterval(Double(tick) / 10))
            }
        }
        let (pipeline, log, _) = try replay(writer)
        #expect(pipeline.reportCount == 2000)
        #expect(pipeline.tracker.count == 100)
        #expect(Set(pipeline.tracker.snapshots.map { $0.identity.minor! }) == Set(0..<100))
        #expect(log.lines.filter { $0.hasPrefix("appeared") }.count == 100)
        #expect(pipeline.tracker.snapshots.allSatisfy { $0.reports == 20 })
    }
}
