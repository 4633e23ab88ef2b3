import BeaconKit
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// `BeaconPipeline.scan`: the start-announce-run sequence that the service and `beacons` share.
@Suite struct BeaconPipelineScanTests {
    @Test func aStartedSourceIsAnnouncedBeforeItsBeacons() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("scene.btsnoop")
        try BeaconDemoScene.capture(.h4).write(to: path)
        var events: [BeaconEvent] = []
        let pipeline = BeaconPipeline(tracker: PresenceTracker(settings: PresenceSettings()) { events.append($0) })
        var announced: [BeaconEvent] = []
        try pipeline.scan(BtsnoopReplay(path: path, pacing: .fast), announce: { announced.append($0); events.append($0) })
        guard case .scanner(true, nil)? = announced.first, announced.count == 1 else {
            Issue.record("expected one scanner-on announcement, got \(announced)"); return
        }
        guard case .scanner(true, nil)? = events.first else { Issue.record("beacons came before the announcement"); return }
        #expect(events.contains { if case .appeared = $0 { return true } else { return false } })
    }

    @Test func aSourceThatCannotStartIsAnnouncedThenThrown() {
        let pipeline = BeaconPipeline(tracker: PresenceTracker(settings: PresenceSettings()))
        var announced: [BeaconEvent] = []
        let scanner = HCIScanner(adapter: "hci9", transport: { _ in throw ScannerError.noBluetooth("no Bluetooth here") })
        #expect(throws: ScannerError.self) {
            try pipeline.scan(scanner, announce: { announced.append($0) })
        }
        guard case .scanner(false, let reason)? = announced.first, announced.count == 1 else {
            Issue.record("expected one scanner-off announcement, got \(announced)"); return
        }
        #expect(reason == "no Bluetooth here")
    }
}
