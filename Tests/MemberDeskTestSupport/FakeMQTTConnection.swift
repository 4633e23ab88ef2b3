import DeskMQTT
import Foundation
import MemberKit
import Synchronization

/// `MQTTConnection` without a broker: records what is published and lets the test answer
/// (accept, refuse, acknowledge, drop, deliver a message). `connector` hands out a new one per attempt.
public final class FakeMQTTConnection: MQTTConnection, @unchecked Sendable {
    public struct Published: Sendable, Equatable {
        public var mid: Int32
        public var message: OutboxMessage
    }

    /// Every connection the connector made, oldest first.
    public final class Broker: Sendable {
        let connections = Mutex<[FakeMQTTConnection]>([])
        /// How the next `open` goes: nil connects (CONNACK 0 when `autoAccept`), a text fails with it.
        public let openFailure = Mutex<String?>(nil)
        public let autoAccept = Atomic(true)
        public let autoAcknowledge = Atomic(true)

        public init() {}

        public var connector: MQTTConnector {
            { [self] options in
                let connection = FakeMQTTConnection(options: options, broker: self)
                connections.withLock { $0.append(connection) }
                return connection
            }
        }

        public var all: [FakeMQTTConnection] { connections.withLock { $0 } }
        public var latest: FakeMQTTConnection? { all.last }
        /// Every message published on every connection, in order.
        public var published: [OutboxMessage] { all.flatMap { $0.published.map(\.message) } }
    }

    public let options: MQTTConnectionOptions
    private let broker: Broker
    private let state = Mutex<(events: (@Sendable (MQTTConnectionEvent) -> Void)?, published: [Published], nextMid: Int32,
                               subscriptions: [String], closed: Bool?)>((nil, [], 1, [], nil))

    init(options: MQTTConnectionOptions, broker: Broker) {
        self.options = options
        self.broker = broker
    }

    public func open(events: @escaping @Sendable (MQTTConnectionEvent) -> Void) throws(MQTTFailure) {
        if let failure = broker.openFailure.withLock({ $0 }) { throw MQTTFailure(failure) }
        state.withLock { $0.events = events }
        if broker.autoAccept.load(ordering: .relaxed) { events(.connected) }
    }

    public func publish(_ message: OutboxMessage) throws(MQTTFailure) -> Int32 {
        let (mid, events) = state.withLock { state in
            let mid = state.nextMid
            state.nextMid += 1
            state.published.append(Published(mid: mid, message: message))
            return (mid, state.events)
        }
        if broker.autoAcknowledge.load(ordering: .relaxed), message.qos > 0 { events?(.acknowledged(mid)) }
        return mid
    }

    public func subscribe(_ filter: String) throws(MQTTFailure) {
        state.withLock { $0.subscriptions.append(filter) }
    }

    public func close(graceful: Bool) {
        state.withLock { $0.closed = graceful }
    }

    /// The test plays the broker.
    public func send(_ event: MQTTConnectionEvent) {
        state.withLock { $0.events }?(event)
    }

    public var published: [Published] { state.withLock { $0.published } }
    public var subscriptions: [String] { state.withLock { $0.subscriptions } }
    /// nil while open; true after a graceful close.
    public var closedGracefully: Bool? { state.withLock { $0.closed } }
}

/// A test's own subscriber on a real broker, through libmosquitto: collects every message.
public final class MQTTTestSubscriber: Sendable {
    private let connection: MosquittoConnection
    private let inbox = Inbox()

    final class Inbox: Sendable {
        let received = Mutex<[(topic: String, payload: String)]>([])
        let connected = Atomic(false)
    }

    public init(url: String, filters: [String], caFile: String? = nil, username: String? = nil, password: String? = nil) throws {
        let broker = try BrokerAddress.parse(url)
        connection = MosquittoConnection(options: MQTTConnectionOptions(
            broker: broker, clientId: "test-sub-\(UUID().uuidString.prefix(8))",
            credentials: MQTTCredentials(username: username, password: password, caFile: caFile),
            will: OutboxMessage(topic: "test/sub/will", text: "gone"), keepAlive: 30))
        let inbox = inbox
        try connection.open { event in
            switch event {
            case .connected: inbox.connected.store(true, ordering: .releasing)
            case .message(let topic, let payload): inbox.received.withLock { $0.append((topic, String(decoding: payload, as: UTF8.self))) }
            default: break
            }
        }
        guard waitUntil(timeout: 10, { inbox.connected.load(ordering: .acquiring) }) else { throw MosquittoBrokerError("test subscriber did not connect") }
        for filter in filters { try connection.subscribe(filter) }
        // A SUBACK is not reported; a message to ourselves proves the subscriptions are live.
        let probe = "test/probe/\(UUID().uuidString)"
        try connection.subscribe(probe)
        guard waitUntil(timeout: 10, poll: 0.1, { _ = try? self.connection.publish(OutboxMessage(topic: probe, text: "1", qos: 0))
                                        return self.messages(on: probe).count > 0 }) else {
            throw MosquittoBrokerError("test subscriber's subscriptions never became live")
        }
    }

    public func messages(on topic: String) -> [String] {
        inbox.received.withLock { $0.filter { $0.topic == topic }.map(\.payload) }
    }

    public var all: [(topic: String, payload: String)] { inbox.received.withLock { $0 } }

    public func publish(_ topic: String, _ payload: String, retain: Bool = false) throws {
        _ = try connection.publish(OutboxMessage(topic: topic, text: payload, qos: 1, retain: retain))
    }

    public func close() { connection.close(graceful: true) }
}
