import Foundation
import MemberKit
import Synchronization

/// What a session says besides the outbox: sent directly on connect (the `online` status and
/// discovery), in answer to a received message (Home Assistant's `online`), and on a clean stop.
public struct MQTTSessionHooks: Sendable {
    public var will: OutboxMessage
    public var onConnect: @Sendable () -> [OutboxMessage]
    public var subscriptions: [String]
    public var onMessage: @Sendable (_ topic: String, _ payload: [UInt8]) -> [OutboxMessage]
    public var onStop: @Sendable () -> [OutboxMessage]

    public init(will: OutboxMessage, onConnect: @escaping @Sendable () -> [OutboxMessage] = { [] }, subscriptions: [String] = [],
                onMessage: @escaping @Sendable (String, [UInt8]) -> [OutboxMessage] = { _, _ in [] },
                onStop: @escaping @Sendable () -> [OutboxMessage] = { [] }) {
        self.will = will
        self.onConnect = onConnect
        self.subscriptions = subscriptions
        self.onMessage = onMessage
        self.onStop = onStop
    }
}

/// Drains the outbox to the broker on its own thread, so a check-in never waits on MQTT.
///
/// Messages go out in id order with QoS 1, at most `window` unacknowledged; a row leaves the outbox
/// only when the broker has acknowledged it. Any failure (refused, lost, no CONNACK, no PUBACK)
/// closes the connection, and the next one, after a doubling delay, starts again from the oldest
/// unacknowledged row: nothing is lost, and a duplicate is possible only for a message whose
/// acknowledgement the failure swallowed (receivers drop it by its `eventId`).
public final class MQTTSender: @unchecked Sendable {
    public let settings: MQTTSettings
    private let database: AppDatabase
    private let connector: MQTTConnector
    private let hooks: MQTTSessionHooks
    private let onStatus: @Sendable (MQTTLinkStatus) -> Void
    private let window: Int
    /// Called first in every step, on this thread: queues what the bus delivered and hands the rows over.
    private let feed: @Sendable () -> [QueuedMessage]

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var incoming: [(generation: Int, event: MQTTConnectionEvent)] = []
    private var wakeRequested = false
    private var stopRequested = false
    private var published = MQTTLinkStatus(state: .connecting, broker: "")
    private var finished = false

    // The sender thread's own:
    private struct Session {
        let connection: any MQTTConnection
        let generation: Int
        let openedAt: Date
        var connected = false
        /// Message id → outbox row id (0 for a direct message) and when it was sent.
        var inFlight: [Int32: (row: Int64, sentAt: Date)] = [:]
        var sentThrough: Int64 = 0
    }
    private var session: Session?
    private var generation = 0
    private var nextAttempt = Date.distantPast
    private var retryDelay: TimeInterval
    private var acked: [Int64] = []
    private var status: MQTTLinkStatus
    private var lastCounted = Date.distantPast

    public init(settings: MQTTSettings, database: AppDatabase, hooks: MQTTSessionHooks,
                connector: @escaping MQTTConnector = MosquittoConnection.connector, window: Int = 1000,
                feed: @escaping @Sendable () -> [QueuedMessage] = { [] },
                onStatus: @escaping @Sendable (MQTTLinkStatus) -> Void = { _ in }) {
        self.settings = settings
        self.database = database
        self.hooks = hooks
        self.connector = connector
        self.window = max(1, window)
        self.feed = feed
        self.onStatus = onStatus
        retryDelay = settings.retryDelay.lowerBound
        status = MQTTLinkStatus(state: .connecting, broker: settings.broker.description)
        published = status
    }

    public func start() {
        Thread.detachNewThread { [self] in run() }
    }

    /// Something was queued: send it now rather than at the next look.
    public func wake() {
        condition.lock()
        wakeRequested = true
        condition.signal()
        condition.unlock()
    }

    /// Says `offline` (when connected), disconnects, and waits for the thread (at most `timeout` seconds).
    public func stop(timeout: TimeInterval = 5) {
        condition.lock()
        stopRequested = true
        condition.broadcast()
        let deadline = Date().addingTimeInterval(timeout)
        while !finished, condition.wait(until: deadline) {}
        condition.unlock()
    }

    /// The latest status (the thread updates it as things change).
    public var currentStatus: MQTTLinkStatus {
        condition.lock()
        defer { condition.unlock() }
        return published
    }

    private func post(_ generation: Int, _ event: MQTTConnectionEvent) {
        condition.lock()
        incoming.append((generation, event))
        condition.signal()
        condition.unlock()
    }

    // MARK: The thread

    private func run() {
        while true {
            condition.lock()
            if incoming.isEmpty, !wakeRequested, !stopRequested {
                _ = condition.wait(until: nextWake())
            }
            let events = incoming
            incoming.removeAll()
            wakeRequested = false
            let stopping = stopRequested
            condition.unlock()
            if stopping { break }
            step(events)
        }
        shutDown()
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func nextWake() -> Date {
        let now = Date()
        guard let session else { return min(nextAttempt, now.addingTimeInterval(0.25)) }
        // While connected, look at the outbox a few times a second (another process may have queued).
        if !session.connected { return min(session.openedAt.addingTimeInterval(settings.connectTimeout), now.addingTimeInterval(0.25)) }
        return now.addingTimeInterval(0.25)
    }

    private func step(_ events: [(generation: Int, event: MQTTConnectionEvent)]) {
        let fresh = feed()  // into the outbox whatever the broker's state
        let now = Date()
        if session == nil {
            if now >= nextAttempt { openSession(now) }
            refreshCount(now, force: false)
            return
        }
        for (eventGeneration, event) in events where eventGeneration == session?.generation {
            handle(event, now)
            if session == nil { break }
        }
        guard var current = session else { return }
        if !current.connected {
            if now.timeIntervalSince(current.openedAt) > settings.connectTimeout {
                fail("no answer from \(settings.broker) within \(Self.seconds(settings.connectTimeout)) s")
            }
            refreshCount(now, force: false)
            return
        }
        flushAcked()
        do {
            let room = window - current.inFlight.count
            if room > 0 {
                // Rows just queued that follow the last sent without a gap are sent as handed over;
                // anything else (a backlog, another process's or a script's rows) is read in id order.
                let rows = Self.follows(fresh, current.sentThrough) && fresh.count <= room
                    ? fresh : try database.outboxBatch(after: current.sentThrough, limit: room)
                for row in rows {
                    let mid = try current.connection.publish(row.message)
                    current.inFlight[mid] = (row.id, now)
                    current.sentThrough = row.id
                }
                session = current
            }
        } catch let failure as MQTTFailure {
            session = current
            fail(failure.description)
            return
        } catch {
            session = current
            report(error: "the outbox: \(error)")
        }
        if let oldest = current.inFlight.values.map(\.sentAt).min(), now.timeIntervalSince(oldest) > settings.ackTimeout {
            fail("\(settings.broker) did not acknowledge within \(Self.seconds(settings.ackTimeout)) s")
            return
        }
        refreshCount(now, force: current.inFlight.isEmpty == false)
    }

    private func handle(_ event: MQTTConnectionEvent, _ now: Date) {
        guard var current = session else { return }
        switch event {
        case .connected:
            current.connected = true
            session = current
            retryDelay = settings.retryDelay.lowerBound
            for filter in hooks.subscriptions {
                do { try current.connection.subscribe(filter) } catch { fail(error.description); return }
            }
            sendDirect(hooks.onConnect(), now)
            status.state = .connected
            publishStatus()
        case .refused(let reason), .lost(let reason):
            fail(reason)
        case .acknowledged(let mid):
            if let entry = current.inFlight.removeValue(forKey: mid) {
                if entry.row > 0 { acked.append(entry.row) }
                session = current
            }
        case .message(let topic, let payload):
            sendDirect(hooks.onMessage(topic, payload), now)
        }
    }

    private func sendDirect(_ messages: [OutboxMessage], _ now: Date) {
        guard var current = session else { return }
        for message in messages {
            do {
                let mid = try current.connection.publish(message)
                if message.qos > 0 { current.inFlight[mid] = (0, now) }
            } catch {
                session = current
                fail(error.description)
                return
            }
        }
        session = current
    }

    private func openSession(_ now: Date) {
        generation += 1
        let generation = generation
        do {
            let options = MQTTConnectionOptions(broker: settings.broker, clientId: settings.clientId,
                                                credentials: try settings.credentials(), will: hooks.will,
                                                keepAlive: settings.keepAlive)
            let connection = connector(options)
            session = Session(connection: connection, generation: generation, openedAt: now)
            // While retrying, the status keeps the last failure: the bar does not flicker.
            try connection.open { [weak self] event in self?.post(generation, event) }
        } catch {
            session = nil
            fail(error.description)
        }
    }

    /// Closes the session, keeps what was acknowledged, and schedules the next attempt.
    private func fail(_ reason: String) {
        if let current = session {
            current.connection.close(graceful: false)
            session = nil
        }
        flushAcked()
        nextAttempt = Date().addingTimeInterval(retryDelay)
        retryDelay = min(retryDelay * 2, settings.retryDelay.upperBound)
        let isNew = status.lastError != reason || status.state == .connected
        status.state = .failed(reason)
        status.lastError = reason
        if isNew { publishStatus() }
        refreshCount(Date(), force: true)
        if isNew { try? database.setSetting("mqtt.lastError", "\(ISO8601DateFormatter().string(from: Date())) \(reason)") }
    }

    private func flushAcked() {
        guard !acked.isEmpty else { return }
        do {
            try database.removeFromOutbox(ids: acked)
            acked.removeAll()
        } catch {
            report(error: "the outbox: \(error)")
        }
    }

    private func refreshCount(_ now: Date, force: Bool) {
        guard force || now.timeIntervalSince(lastCounted) >= 0.25 else { return }
        lastCounted = now
        guard let count = try? database.outboxCount() else { return }
        if count != status.queued {
            status.queued = count
            publishStatus()
        }
    }

    private func report(error: String) {
        status.lastError = error
        publishStatus()
    }

    private func publishStatus() {
        let snapshot = status
        condition.lock()
        published = snapshot
        condition.unlock()
        onStatus(snapshot)
    }

    /// Whether `rows` are the ids right after `id`, one by one (AUTOINCREMENT ids never go back).
    static func follows(_ rows: [QueuedMessage], _ id: Int64) -> Bool {
        guard let first = rows.first, first.id == id + 1 else { return false }
        return zip(rows, rows.dropFirst()).allSatisfy { $1.id == $0.id + 1 }
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private func shutDown() {
        guard var current = session else { return }
        if current.connected {
            // Say goodbye and wait briefly for the acknowledgements, so the retained `offline` lands.
            flushAcked()
            sendDirect(hooks.onStop(), Date())
            current = session ?? current
            let deadline = Date().addingTimeInterval(1)
            while session != nil, !(session?.inFlight.isEmpty ?? true), Date() < deadline {
                condition.lock()
                if incoming.isEmpty { _ = condition.wait(until: deadline) }
                let events = incoming
                incoming.removeAll()
                condition.unlock()
                for (eventGeneration, event) in events where eventGeneration == session?.generation { handle(event, Date()) }
            }
            flushAcked()
        }
        session?.connection.close(graceful: true)
        session = nil
    }
}
