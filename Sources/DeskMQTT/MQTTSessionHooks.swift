import MemberKit

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
