import Foundation

/// One message waiting in the MQTT outbox (table `mqtt_outbox`): kept until the broker
/// acknowledges it, so a broker that is away loses nothing and delays no check-in.
public struct OutboxMessage: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]
    /// 0 or 1 (events are QoS 1).
    public var qos: Int
    public var retain: Bool

    package init(topic: String, payload: [UInt8], qos: Int = 1, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }

    public init(topic: String, text: String, qos: Int = 1, retain: Bool = false) {
        self.init(topic: topic, payload: Array(text.utf8), qos: qos, retain: retain)
    }

    package var text: String { String(decoding: payload, as: UTF8.self) }
}

/// A stored outbox message with its place in the queue (ids only grow: the order of sending).
public struct QueuedMessage: Sendable, Equatable {
    public var id: Int64
    public var message: OutboxMessage

    public init(id: Int64, message: OutboxMessage) {
        self.id = id
        self.message = message
    }
}

/// Where region scripts' `desk.mqtt.publish` hands a message: RegionKit knows this port, not the
/// MQTT adapter. The adapter checks the topic and size, queues it, and throws a one-line reason otherwise.
public protocol ScriptMessagePort: Sendable {
    func publish(topic: String, payload: String, retain: Bool, qos: Int) throws(ScriptMessageRefusal)
}

public struct ScriptMessageRefusal: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
