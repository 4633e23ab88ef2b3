import MemberKit

/// What a connection reports, from its own thread.
public enum MQTTConnectionEvent: Sendable, Equatable {
    /// The broker accepted the connection (CONNACK 0).
    case connected
    /// The broker answered CONNACK with a refusal (bad password, not authorised ...).
    case refused(String)
    /// The connection ended without being asked to.
    case lost(String)
    /// The broker acknowledged the QoS 1 message with this id (PUBACK).
    case acknowledged(Int32)
    /// A message on a subscribed topic.
    case message(topic: String, payload: [UInt8])
}

/// What a connection is opened with.
public struct MQTTConnectionOptions: Sendable, Equatable {
    public var broker: BrokerAddress
    public var clientId: String
    public var credentials: MQTTCredentials
    /// Published by the broker when the connection ends without a DISCONNECT.
    public var will: OutboxMessage
    public var keepAlive: Int

    public init(broker: BrokerAddress, clientId: String, credentials: MQTTCredentials, will: OutboxMessage, keepAlive: Int) {
        self.broker = broker
        self.clientId = clientId
        self.credentials = credentials
        self.will = will
        self.keepAlive = keepAlive
    }
}

/// The port to one MQTT client session: libmosquitto in production (`MosquittoConnection`), a
/// recording fake in tests (`FakeMQTTConnection`). One connection per attempt: after a failure
/// the sender closes it and opens a new one, so no library state survives a reconnect.
public protocol MQTTConnection: AnyObject, Sendable {
    /// Connects and sends CONNECT; the answer comes later as `.connected` or `.refused`.
    func open(events: @escaping @Sendable (MQTTConnectionEvent) -> Void) throws(MQTTFailure)
    /// Queues a publish; returns its message id (acknowledged later for QoS 1).
    func publish(_ message: OutboxMessage) throws(MQTTFailure) -> Int32
    func subscribe(_ filter: String) throws(MQTTFailure)
    /// Ends the session: `graceful` sends DISCONNECT after what is queued (no last will), otherwise drops it.
    func close(graceful: Bool)
}

public typealias MQTTConnector = @Sendable (MQTTConnectionOptions) -> any MQTTConnection
