import Foundation
import MemberKit
import Synchronization

/// Runs a beacon source through the pipeline on its own thread and publishes every
/// `BeaconEvent` on the bus: what the front desk and the region engine listen to.
///
/// If the source cannot start (no Bluetooth, no permission, a bad capture), the service
/// publishes `.beacon(.scanner(available: false, reason:))` plus an error notice, and the
/// rest of the app carries on without beacons.
public final class BeaconService: Sendable {
    private let bus: EventBus
    private let settings: PresenceSettings
    private let makeSource: @Sendable () -> any BeaconSource
    private let state = Mutex(State())

    private struct State {
        var stopRequested = false
        var running = false
        var finished: DispatchSemaphore?
    }

    public init(bus: EventBus, settings: PresenceSettings, makeSource: @escaping @Sendable () -> any BeaconSource) {
        self.bus = bus
        self.settings = settings
        self.makeSource = makeSource
    }

    /// Starts the thread; does nothing if it is already running.
    public func start() {
        let done = DispatchSemaphore(value: 0)
        let started = state.withLock { state -> Bool in
            guard !state.running else { return false }
            state.running = true
            state.stopRequested = false
            state.finished = done
            return true
        }
        guard started else { return }
        let thread = Thread { [self] in
            run()
            state.withLock { $0.running = false }
            done.signal()
        }
        thread.name = "memberdesk.beacons"
        thread.start()
    }

    private func run() {
        let bus = self.bus
        let source = makeSource()
        let publish: (BeaconEvent) -> Void = { bus.publish(.beacon($0)) }
        let pipeline = BeaconPipeline(tracker: PresenceTracker(settings: settings, publish: publish))
        pipeline.tracker.onFlood = { address, count in
            bus.publish(.log(LogLine(source: "beacons", text: PresenceTracker.floodMessage(address, count))))
        }
        var started = false
        do {
            try pipeline.scan(source, announce: { event in
                if case .scanner(true, _) = event { started = true }
                publish(event)
            }, shouldStop: { state.withLock { $0.stopRequested } })
        } catch {
            let reason = "\(error)"
            // A source that could not start was announced by the scan; one that failed later is announced here.
            if started { publish(.scanner(available: false, reason: reason)) }
            bus.publish(.error(DeskErrorNotice(source: "beacons", message: reason)))
            return
        }
        publish(.scanner(available: false, reason: "\(source.name): ended"))
    }

    /// Asks the thread to stop and waits until the source has put the adapter back.
    public func stop() {
        let done = state.withLock { state -> DispatchSemaphore? in
            state.stopRequested = true
            return state.running ? state.finished : nil
        }
        done?.wait()
    }

    public var isRunning: Bool { state.withLock { $0.running } }
}

extension BeaconService {
    /// Live scanning on the HCI adapter `hci` (`hci0`).
    public static func live(hci: String, settings: PresenceSettings, bus: EventBus, clock: any DeskClock = SystemClock()) -> BeaconService {
        BeaconService(bus: bus, settings: settings) { HCIScanner(adapter: hci, clock: clock) }
    }

    /// A btsnoop capture replayed at its recorded pace (or `fast`): demos and tests with no radio.
    public static func replay(path: String, fast: Bool = false, settings: PresenceSettings = PresenceSettings(),
                              bus: EventBus) -> BeaconService {
        BeaconService(bus: bus, settings: settings) {
            BtsnoopReplay(path: path, pacing: fast ? .fast : .realTime)
        }
    }
}
