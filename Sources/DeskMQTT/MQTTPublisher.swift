import Foundation
import MemberKit
import Synchronization

/// Listens on the bus and writes what the building should hear into the outbox. What the club
/// writes (taps, overrides, check-outs, closing time) comes with its messages already queued by
/// its own commit (`eventMessages`, marked `messagesQueued`); this queues the rest (merged counts,
/// beacons, the reader's state, and everything when the club has no hook). Two ways to run: fed
/// by the sender's thread (`startFeeding`, the desk: messages go from the bus to the outbox and
/// on to the broker on one thread, handed over in memory), or on a thread of its own (`start`, a
/// one-shot command that only queues).
public final class MQTTPublisher: Sendable {
    private let mapper: MQTTEventMapper
    private let database: AppDatabase
    private let bus: EventBus
    private let clock: any DeskClock
    private let namedBeacons: @Sendable () -> [NamedBeacon]
    private let exitTimeout: TimeInterval
    /// The club's `occupancy.capacity` (0: none), for counts that come without a tap's report.
    private let capacity: Int
    private let wake: Mutex<@Sendable () -> Void>
    private let state = Mutex(State())
    /// One drain at a time: the sender's thread and `stop()` may both drain.
    private let draining = Mutex(())
    private let subscription: EventSubscription

    private struct State {
        var readers: Set<String> = []
        var service = true
        var lastReaderState: String?
        /// When each present named beacon was last published (a present beacon is refreshed once per exit timeout).
        var beaconPublished: [String: Date] = [:]
        var reportedOverflow = false
    }

    /// Subscribes now, so nothing published after this is missed; `start()` begins the work.
    public init(settings: MQTTSettings, database: AppDatabase, bus: EventBus, clock: any DeskClock = SystemClock(),
                namedBeacons: @escaping @Sendable () -> [NamedBeacon] = { [] }, exitTimeout: TimeInterval = 10,
                capacity: Int = 0, wake: @escaping @Sendable () -> Void = {}) {
        mapper = MQTTEventMapper(settings: settings)
        self.database = database
        self.bus = bus
        self.clock = clock
        self.namedBeacons = namedBeacons
        self.exitTimeout = exitTimeout
        self.capacity = capacity
        self.wake = Mutex(wake)
        subscription = bus.subscribe(capacity: 65_536)
    }

    /// Lets the sender's thread drain the bus through `feed()`: a delivery only wakes it (`wake`).
    public func startFeeding(wake: @escaping @Sendable () -> Void) {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        feeding.store(true, ordering: .releasing)
        self.wake.withLock { $0 = wake }
        subscription.onDelivery { _ in wake() }
    }

    /// What the bus has delivered since the last call, queued in the outbox; returns the rows
    /// (none when some were dropped at the bound: then the sender reads the outbox).
    public func feed() -> [QueuedMessage] {
        draining.withLock { _ in
            subscription.drain().flatMap { handle($0, wakeSender: false) }
        }
    }

    /// Handles events on a thread of its own (its SQLite writes must not hold up Swift's shared pool).
    public func start() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let signal = self.signal
        subscription.onDelivery { _ in signal.signal() }
        Thread.detachNewThread { [self] in
            while true {
                signal.wait()
                _ = feed()
                if stopped.load(ordering: .acquiring) { break }
            }
            finished.signal()
        }
    }

    /// Handles what is already delivered, then stops listening. A second call does nothing.
    public func stop() {
        guard started.load(ordering: .acquiring) else { subscription.cancel(); return }
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        subscription.onDelivery(nil)
        if feeding.load(ordering: .acquiring) {
            _ = feed()
            subscription.cancel()
            return
        }
        signal.signal()
        finished.wait()
        subscription.cancel()
    }

    private let signal = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Atomic(false)
    private let started = Atomic(false)
    private let feeding = Atomic(false)

    /// What one event becomes, written to the outbox; returns the rows written.
    func handle(_ event: DeskEvent, wakeSender: Bool = true) -> [QueuedMessage] {
        let messages = messages(for: event)
        guard !messages.isEmpty else { return [] }
        return enqueue(messages, wakeSender: wakeSender)
    }

    /// Appends to the outbox (and wakes the sender unless it is the caller); returns the rows written.
    @discardableResult
    func enqueue(_ messages: [OutboxMessage], wakeSender: Bool = true) -> [QueuedMessage] {
        var rows: [QueuedMessage] = []
        do {
            let (written, dropped) = try database.appendToOutbox(messages, limit: mapper.settings.outboxMax, now: clock.now())
            rows = written
            noteDropped(dropped)
        } catch {
            bus.publish(.error(DeskErrorNotice(source: "mqtt", message: "cannot queue MQTT events: \(error)")))
        }
        if wakeSender { wake.withLock { $0 }() }
        return rows
    }

    /// Says once that the bound dropped old rows (and again after the outbox had room once more).
    private func noteDropped(_ dropped: Int) {
        let report = state.withLock { state -> Bool in
            if dropped == 0 { state.reportedOverflow = false; return false }
            defer { state.reportedOverflow = true }
            return !state.reportedOverflow
        }
        if report {
            bus.publish(.error(DeskErrorNotice(source: "mqtt", message:
                "the MQTT outbox is full (mqtt.outbox_max = \(mapper.settings.outboxMax)): the oldest unsent events are being dropped")))
        }
    }

    /// What the club's events say, for the club to write in each event's own commit
    /// (`Club.queueEventMessages`): then a process killed just after a tap, an override or a
    /// check-out counted still sends it once restarted.
    public var eventMessages: Club.EventMessages {
        Club.EventMessages(messages: { [mapper, capacity] event in mapper.messages(for: event, capacity: capacity) },
                           limit: mapper.settings.outboxMax, queued: { [self] dropped in noteDropped(dropped) })
    }

    func messages(for event: DeskEvent) -> [OutboxMessage] {
        switch event {
        case .checkIn(let report):
            // Already written with the tap itself (or by the club for a refusal that wrote nothing).
            if report.messagesQueued { return [] }
            return mapper.messages(for: event, capacity: capacity)
        case .occupancy(let notice):
            // Already written in the change's own commit (closing time, "check out all", a sync
            // merge that brought entries or exits); without the club's hook they come this way.
            if notice.messagesQueued { return [] }
            return mapper.messages(for: event, capacity: capacity)
        // Beacons and the reader's state write nothing to the database: there is no commit to
        // share, and a process killed before they are queued has nothing stored that goes unsaid.
        case .beacon(let beaconEvent):
            return beaconMessages(beaconEvent)
        case .reader(let readerEvent):
            return readerMessages(readerEvent)
        default:
            return []
        }
    }

    private func beaconMessages(_ event: BeaconEvent) -> [OutboxMessage] {
        let now = clock.now()
        let (snapshot, kind): (BeaconSnapshot, String)
        switch event {
        case .appeared(let s): (snapshot, kind) = (s, "appeared")
        case .proximityChanged(let s, _, _): (snapshot, kind) = (s, "proximity")
        case .updated(let s): (snapshot, kind) = (s, "proximity")
        case .lost(let s): (snapshot, kind) = (s, "lost")
        case .scanner: return []
        }
        let named = namedBeacons().filter { $0.matches(snapshot.identity) }
        return named.compactMap { beacon in
            let due = state.withLock { state -> Bool in
                if case .updated = event, let last = state.beaconPublished[beacon.id], now.timeIntervalSince(last) < exitTimeout {
                    return false
                }
                if kind == "lost" { state.beaconPublished[beacon.id] = nil } else { state.beaconPublished[beacon.id] = now }
                return true
            }
            return due ? mapper.beaconMessage(beacon, event: kind, snapshot: snapshot, eventId: RandomId.make(), time: now) : nil
        }
    }

    private func readerMessages(_ event: ReaderEvent) -> [OutboxMessage] {
        let changed: String? = state.withLock { state in
            switch event {
            case .attached(let reader): state.readers.insert(reader); state.service = true
            case .removed(let reader): state.readers.remove(reader)
            case .service(let available): state.service = available
            case .cardPresented, .cardRemoved, .failure: break
            }
            let now = !state.service ? "pcscd unavailable" : state.readers.isEmpty ? "no reader" : "ready"
            guard now != state.lastReaderState else { return nil }
            state.lastReaderState = now
            return now
        }
        return changed.map { [mapper.readerMessage($0)] } ?? []
    }
}
