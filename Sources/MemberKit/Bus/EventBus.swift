import Foundation
import Synchronization

/// The one in-process bus that the reader, beacons, scripts and UI share.
///
/// Publishing never blocks: each subscriber has its own bounded buffer. When a buffer is
/// full, the oldest UI-only event (`DeskEvent.isDroppable`: beacon readings, log lines) is
/// dropped first; only if there is none is the oldest event of any kind dropped, and the
/// subscription counts it in `droppedCount`. Check-ins are committed to SQLite before they
/// are published, so a dropped check-in event never loses a visit.
public final class EventBus: EventSink, Sendable {
    private let subscribers = Mutex<[ObjectIdentifier: EventSubscription]>([:])

    public init() {}

    public func publish(_ event: DeskEvent) {
        let targets = subscribers.withLock { Array($0.values) }
        for subscription in targets { subscription.deliver(event) }
    }

    /// A new subscription; it receives events published from now on.
    public func subscribe(capacity: Int = 4096) -> EventSubscription {
        let subscription = EventSubscription(capacity: capacity, bus: self)
        subscribers.withLock { $0[ObjectIdentifier(subscription)] = subscription }
        return subscription
    }

    fileprivate func remove(_ subscription: EventSubscription) {
        _ = subscribers.withLock { $0.removeValue(forKey: ObjectIdentifier(subscription)) }
    }

    @_spi(Testing) public var subscriberCount: Int { subscribers.withLock { $0.count } }
}

/// One subscriber's view of the bus: an AsyncSequence, or polled with `drain()` by a
/// loop that must never wait (the terminal UI).
public final class EventSubscription: AsyncSequence, Sendable {
    public typealias Element = DeskEvent

    private struct State {
        var buffer: [DeskEvent] = []
        var head = 0
        var waiter: CheckedContinuation<DeskEvent?, Never>?
        var finished = false
        var dropped = 0
        var count: Int { buffer.count - head }

        mutating func popFirst() -> DeskEvent? {
            guard head < buffer.count else { return nil }
            let event = buffer[head]
            head += 1
            if head > 1024, head * 2 > buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
            return event
        }
    }

    private let state = Mutex(State())
    /// Called after each delivery, so that a loop waiting in poll(2) can be woken (the front desk).
    private let wakeUp = Mutex<(@Sendable (DeskEvent) -> Void)?>(nil)
    private let capacity: Int
    private weak let bus: EventBus?

    fileprivate init(capacity: Int, bus: EventBus) {
        self.capacity = Swift.max(1, capacity)
        self.bus = bus
    }

    fileprivate func deliver(_ event: DeskEvent) {
        let waiter: CheckedContinuation<DeskEvent?, Never>? = state.withLock { state in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            if state.count >= capacity {
                if let index = state.buffer[state.head...].firstIndex(where: \.isDroppable) {
                    state.buffer.remove(at: index)
                } else {
                    state.head += 1
                }
                state.dropped += 1
            }
            state.buffer.append(event)
            return nil
        }
        waiter?.resume(returning: event)
        wakeUp.withLock { $0 }?(event)
    }

    /// Runs `wake` (on the publisher's thread, so it must be quick) after every event delivered.
    public func onDelivery(_ wake: (@Sendable (DeskEvent) -> Void)?) {
        wakeUp.withLock { $0 = wake }
    }

    /// Events dropped because this subscriber fell behind.
    @_spi(Testing) public var droppedCount: Int { state.withLock { $0.dropped } }

    /// Takes up to `limit` buffered events without waiting.
    public func drain(limit: Int = .max) -> [DeskEvent] {
        state.withLock { state in
            var events: [DeskEvent] = []
            while events.count < limit, let event = state.popFirst() { events.append(event) }
            return events
        }
    }

    /// Waits for the next event; nil once cancelled.
    public func next() async -> DeskEvent? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<DeskEvent?, Never>) in
                let immediate: DeskEvent?? = state.withLock { state in
                    if let event = state.popFirst() { return .some(event) }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Stops delivery and wakes a waiting reader with nil.
    public func cancel() {
        let waiter = state.withLock { state -> CheckedContinuation<DeskEvent?, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
        bus?.remove(self)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let subscription: EventSubscription
        public mutating func next() async -> DeskEvent? { await subscription.next() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(subscription: self) }
}
