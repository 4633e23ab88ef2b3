import BeaconKit
import Foundation
import MemberDeskTestSupport
import MemberKit
import Synchronization
import Testing

@Suite struct BeaconServiceTests {
    func beaconEvents(_ subscription: EventSubscription, into seen: inout [BeaconEvent]) {
        for event in subscription.drain() { if case .beacon(let beacon) = event { seen.append(beacon) } }
    }

    @Test func aReplayPublishesPresenceOnTheBus() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("scene.btsnoop")
        try BeaconDemoScene.capture(.h4).write(to: path)
        let bus = EventBus()
        let subscription = bus.subscribe(capacity: 100_000)
        let service = BeaconService.replay(path: path, fast: true, bus: bus)
        service.start()
        var seen: [BeaconEvent] = []
        let ended = waitUntil {
            beaconEvents(subscription, into: &seen)
            return seen.contains { if case .scanner(false, _) = $0 { return true } else { return false } }
        }
        service.stop()
        #expect(ended)
        guard case .scanner(true, nil)? = seen.first else { Issue.record("no scanner-on event first"); return }
        let appeared = seen.compactMap { event -> BeaconIdentity? in
            if case .appeared(let snapshot) = event, snapshot.identity.major != 999 { return snapshot.identity } else { return nil }
        }
        #expect(appeared.count == 4)
        #expect(seen.contains { if case .lost(let s) = $0 { return s.identity.minor == 42 } else { return false } })
    }

    @Test func theServiceOpensItsSourceOnce() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("scene.btsnoop")
        try BeaconDemoScene.capture(.h4).write(to: path)
        let bus = EventBus()
        let subscription = bus.subscribe(capacity: 100_000)
        let starts = StartCount()
        let service = BeaconService(bus: bus, settings: PresenceSettings()) {
            CountingSource(BtsnoopReplay(path: path, pacing: .fast), starts: starts)
        }
        service.start()
        var seen: [BeaconEvent] = []
        let ended = waitUntil {
            beaconEvents(subscription, into: &seen)
            return seen.contains { if case .scanner(false, _) = $0 { return true } else { return false } }
        }
        service.stop()
        #expect(ended)
        #expect(starts.value == 1)
    }

    @Test func aSourceThatCannotStartIsReportedAndTheAppCarriesOn() throws {
        let bus = EventBus()
        let subscription = bus.subscribe()
        let service = BeaconService(bus: bus, settings: PresenceSettings()) {
            HCIScanner(adapter: "hci0", transport: { _ in
                throw ScannerError.noBluetooth("Bluetooth is not available: this kernel has no Bluetooth support")
            })
        }
        service.start()
        var events: [DeskEvent] = []
        #expect(waitUntil { events += subscription.drain(); return events.count >= 2 })
        service.stop()
        guard case .beacon(.scanner(false, let reason))? = events.first else { Issue.record("no scanner event"); return }
        #expect(reason == "Bluetooth is not available: this kernel has no Bluetooth support")
        guard case .error(let notice)? = events.last else { Issue.record("no error notice"); return }
        #expect(notice.source == "beacons")
        #expect(!service.isRunning)
    }

    @Test func liveServiceOnThisMachineEitherScansOrSaysWhyNot() throws {
        let bus = EventBus()
        let subscription = bus.subscribe()
        let service = BeaconService.live(hci: "hci9", settings: PresenceSettings(), bus: bus, clock: FakeClock())
        service.start()
        var events: [DeskEvent] = []
        #expect(waitUntil { events += subscription.drain(); return !events.isEmpty })
        service.stop()
        guard case .beacon(.scanner(false, let reason?))? = events.first else { Issue.record("expected scanner off"); return }
        #expect(!reason.contains("\n"))
    }
}

/// How often a source was started, read from the test's thread.
final class StartCount: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .sequentiallyConsistent) }
    func add() { count.add(1, ordering: .sequentiallyConsistent) }
}

/// A source that counts its starts and otherwise is the source it wraps.
final class CountingSource: BeaconSource {
    private let inner: any BeaconSource
    private let starts: StartCount

    init(_ inner: any BeaconSource, starts: StartCount) {
        self.inner = inner
        self.starts = starts
    }

    var name: String { inner.name }
    var now: Double { inner.now }

    func start() throws {
        starts.add()
        try inner.start()
    }

    func poll(timeout: Double, _ handler: (UnsafeRawBufferPointer, Double) -> Void) throws -> Bool {
        try inner.poll(timeout: timeout, handler)
    }

    func stop() { inner.stop() }
}
