import Foundation
import MemberKit

/// What the sender knows of delivering the outbox, and what it decides: when to connect and retry
/// (a doubling delay, capped), what to send (in id order, at most `window` unacknowledged), which
/// rows to delete (those the broker acknowledged), and when to give a session up (no CONNACK, no
/// PUBACK in time). Pure: every input comes with the time, and every decision is an effect that
/// `MQTTSender` carries out, answering with further inputs. A new session starts again from the
/// oldest unacknowledged row, so nothing is lost and the order holds; a row is sent again (the
/// same row, the same `eventId`) only when a failure swallowed its acknowledgement.
struct MQTTDelivery: Equatable {
    /// What happened: the adapter's answers to effects, the connection's events, the clock's looks.
    enum Input: Equatable {
        /// A look (a wake or the timer), with the rows just queued (handed over in memory).
        case look(fresh: [QueuedMessage])
        /// The connection of session `generation` reported.
        case connection(generation: Int, MQTTConnectionEvent)
        /// `greet` went through (subscribed, the hooks' messages sent): the session is up.
        case greeted
        /// A message went out as `mid` (`row` 0: a direct message of QoS 1, acknowledged but never deleted).
        case sent(row: Int64, mid: Int32)
        /// Opening, subscribing or publishing failed: the session is over.
        case failed(String)
        /// `readOutbox`'s answer.
        case read([QueuedMessage])
        /// `countOutbox`'s answer.
        case counted(Int)
        /// `delete` did not go through: the rows are deleted at the next chance.
        case deleteFailed([Int64], String)
        /// The outbox could not be read.
        case storeFailed(String)
    }

    /// What to do, in order.
    enum Effect: Equatable {
        /// A new connection (a new client each time); its events come back as `connection(generation:)`.
        case open(generation: Int)
        case close(graceful: Bool)
        /// The session is up: subscribe and send the hooks' messages on connect, then answer `greeted`.
        case greet
        /// A message on a subscribed topic: send the hooks' answer to it.
        case answer(topic: String, payload: [UInt8])
        /// Send these outbox rows, in order, answering `sent` for each (or `failed`, and stop).
        case send([QueuedMessage])
        /// Send the hooks' goodbye (a clean stop).
        case farewell
        case readOutbox(after: Int64, limit: Int)
        case delete([Int64])
        case countOutbox
        case status(MQTTLinkStatus)
        /// Keep the failure where `mqtt status` finds it.
        case recordFailure(String, at: Date)
    }

    struct Timing: Equatable {
        var retryDelay: ClosedRange<TimeInterval>
        var connectTimeout: TimeInterval
        var ackTimeout: TimeInterval
        /// How often to look at the outbox while idle (another process may have queued), and to count it.
        var lookEvery: TimeInterval = 0.25
    }

    struct Session: Equatable {
        let generation: Int
        let openedAt: Date
        var connected = false
        /// Message id → outbox row id (0 for a direct message) and when it was sent.
        var inFlight: [Int32: InFlight] = [:]
        var sentThrough: Int64 = 0
    }

    struct InFlight: Equatable {
        var row: Int64
        var sentAt: Date
    }

    let timing: Timing
    let window: Int
    /// The broker as said in failures.
    let broker: String
    private(set) var session: Session?
    private(set) var generation = 0
    private(set) var nextAttempt = Date.distantPast
    private(set) var retryDelay: TimeInterval
    /// Acknowledged rows not yet deleted.
    private(set) var acked: [Int64] = []
    private(set) var status: MQTTLinkStatus
    private var lastCounted = Date.distantPast

    init(timing: Timing, window: Int, broker: String) {
        self.timing = timing
        self.window = max(1, window)
        self.broker = broker
        retryDelay = timing.retryDelay.lowerBound
        status = MQTTLinkStatus(state: .connecting, broker: broker)
    }

    /// When to look next if nothing happens first.
    func nextLook(after now: Date) -> Date {
        let soon = now.addingTimeInterval(timing.lookEvery)
        guard let session else { return min(nextAttempt, soon) }
        if !session.connected { return min(session.openedAt.addingTimeInterval(timing.connectTimeout), soon) }
        return soon
    }

    /// Nothing sent is waiting for its acknowledgement (or there is no session).
    var settled: Bool { session?.inFlight.isEmpty ?? true }

    mutating func handle(_ input: Input, at now: Date) -> [Effect] {
        var effects: [Effect] = []
        switch input {
        case .look(let fresh):
            look(fresh, now, &effects)
        case .connection(let eventGeneration, let event):
            guard eventGeneration == session?.generation else { break }
            connection(event, now, &effects)
        case .greeted:
            guard session?.connected == true else { break }
            status.state = .connected
            effects.append(.status(status))
        case .sent(let row, let mid):
            guard session != nil else { break }
            session?.inFlight[mid] = InFlight(row: row, sentAt: now)
            if row > 0 { session?.sentThrough = row }
        case .failed(let reason):
            fail(reason, now, &effects)
        case .read(let rows):
            if session?.connected == true, !rows.isEmpty { effects.append(.send(rows)) }
        case .counted(let count):
            if count != status.queued {
                status.queued = count
                effects.append(.status(status))
            }
        case .deleteFailed(let rows, let problem):
            acked.insert(contentsOf: rows, at: 0)
            storeFailed(problem, &effects)
        case .storeFailed(let problem):
            storeFailed(problem, &effects)
        }
        return effects
    }

    /// A clean stop: what is acknowledged deleted, and the goodbye sent when connected. Then feed
    /// the connection's events until `settled` (or a deadline), and `finish()`.
    mutating func stop() -> [Effect] {
        guard session?.connected == true else { return [] }
        var effects = flushAcked()
        effects.append(.farewell)
        return effects
    }

    /// The end: what was acknowledged meanwhile deleted, and the session closed cleanly.
    mutating func finish() -> [Effect] {
        guard session != nil else { return [] }
        var effects = flushAcked()
        effects.append(.close(graceful: true))
        session = nil
        return effects
    }

    private mutating func look(_ fresh: [QueuedMessage], _ now: Date, _ effects: inout [Effect]) {
        guard let current = session else {
            if now >= nextAttempt {
                generation += 1
                // While retrying, the status keeps the last failure: the bar does not flicker.
                session = Session(generation: generation, openedAt: now)
                effects.append(.open(generation: generation))
            }
            count(now, force: false, &effects)
            return
        }
        guard current.connected else {
            if now.timeIntervalSince(current.openedAt) > timing.connectTimeout {
                fail("no answer from \(broker) within \(Self.seconds(timing.connectTimeout)) s", now, &effects)
            } else {
                count(now, force: false, &effects)
            }
            return
        }
        if let oldest = current.inFlight.values.map(\.sentAt).min(), now.timeIntervalSince(oldest) > timing.ackTimeout {
            fail("\(broker) did not acknowledge within \(Self.seconds(timing.ackTimeout)) s", now, &effects)
            return
        }
        effects += flushAcked()
        let room = window - current.inFlight.count
        if room > 0 {
            // Rows just queued that follow the last sent without a gap are sent as handed over;
            // anything else (a backlog, another process's or a script's rows) is read in id order.
            if Self.follows(fresh, current.sentThrough), fresh.count <= room {
                effects.append(.send(fresh))
            } else {
                effects.append(.readOutbox(after: current.sentThrough, limit: room))
            }
        }
        count(now, force: !current.inFlight.isEmpty, &effects)
    }

    private mutating func connection(_ event: MQTTConnectionEvent, _ now: Date, _ effects: inout [Effect]) {
        switch event {
        case .connected:
            session?.connected = true
            retryDelay = timing.retryDelay.lowerBound
            effects.append(.greet)
        case .refused(let reason), .lost(let reason):
            fail(reason, now, &effects)
        case .acknowledged(let mid):
            if let entry = session?.inFlight.removeValue(forKey: mid), entry.row > 0 { acked.append(entry.row) }
        case .message(let topic, let payload):
            effects.append(.answer(topic: topic, payload: payload))
        }
    }

    /// Closes the session, keeps what was acknowledged, and schedules the next attempt after a
    /// delay that doubles up to its cap (reset once a session is up).
    private mutating func fail(_ reason: String, _ now: Date, _ effects: inout [Effect]) {
        if session != nil {
            effects.append(.close(graceful: false))
            session = nil
        }
        effects += flushAcked()
        nextAttempt = now.addingTimeInterval(retryDelay)
        retryDelay = min(retryDelay * 2, timing.retryDelay.upperBound)
        let isNew = status.lastError != reason || status.state == .connected
        status.state = .failed(reason)
        status.lastError = reason
        if isNew { effects.append(.status(status)) }
        count(now, force: true, &effects)
        if isNew { effects.append(.recordFailure(reason, at: now)) }
    }

    private mutating func flushAcked() -> [Effect] {
        guard !acked.isEmpty else { return [] }
        defer { acked.removeAll() }
        return [.delete(acked)]
    }

    private mutating func count(_ now: Date, force: Bool, _ effects: inout [Effect]) {
        guard force || now.timeIntervalSince(lastCounted) >= timing.lookEvery else { return }
        lastCounted = now
        effects.append(.countOutbox)
    }

    private mutating func storeFailed(_ problem: String, _ effects: inout [Effect]) {
        status.lastError = "the outbox: \(problem)"
        effects.append(.status(status))
    }

    /// Whether `rows` are the ids right after `id`, one by one (AUTOINCREMENT ids never go back).
    static func follows(_ rows: [QueuedMessage], _ id: Int64) -> Bool {
        guard let first = rows.first, first.id == id + 1 else { return false }
        return zip(rows, rows.dropFirst()).allSatisfy { $1.id == $0.id + 1 }
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
