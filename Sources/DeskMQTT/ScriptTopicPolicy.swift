import MemberKit

/// What region scripts may publish: topics below `topic_prefix` or matching `mqtt.script_topics`,
/// payloads up to `maxPayload` bytes, QoS 0 or 1. Queued like any event when the broker is away.
public struct ScriptTopicPolicy: Sendable {
    public var prefix: String
    public var allowed: [String]
    public var maxPayload: Int

    public init(prefix: String, allowed: [String], maxPayload: Int = 65_536) {
        self.prefix = prefix
        self.allowed = allowed
        self.maxPayload = maxPayload
    }

    public func message(topic: String, payload: String, retain: Bool, qos: Int) throws(ScriptMessageRefusal) -> OutboxMessage {
        guard TopicText.isPublishable(topic) else {
            throw ScriptMessageRefusal("desk.mqtt.publish: '\(topic)' is not a topic name (empty, or + or #)")
        }
        guard topic.hasPrefix(prefix + "/") || allowed.contains(where: { TopicText.matches(topic, filter: $0) }) else {
            throw ScriptMessageRefusal("desk.mqtt.publish: '\(topic)' is outside \(prefix)/ and mqtt.script_topics")
        }
        guard payload.utf8.count <= maxPayload else {
            throw ScriptMessageRefusal("desk.mqtt.publish: the payload is \(payload.utf8.count) bytes, more than \(maxPayload)")
        }
        guard qos == 0 || qos == 1 else { throw ScriptMessageRefusal("desk.mqtt.publish: qos must be 0 or 1") }
        return OutboxMessage(topic: topic, text: payload, qos: qos, retain: retain)
    }
}

/// The scripts' port: checks with the policy, then queues through the publisher's outbox.
struct MQTTScriptPort: ScriptMessagePort {
    let policy: ScriptTopicPolicy
    let publisher: MQTTPublisher

    func publish(topic: String, payload: String, retain: Bool, qos: Int) throws(ScriptMessageRefusal) {
        publisher.enqueue([try policy.message(topic: topic, payload: payload, retain: retain, qos: qos)])
    }
}
