import Foundation

/// How the desk's MQTT link stands: what the status bar, `mqtt status` and the event log say.
public struct MQTTLinkStatus: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        case connecting
        case connected
        /// Not connected, and why (retried with backoff).
        case failed(String)
    }

    public var state: State
    public var broker: String
    /// Events waiting in the outbox.
    public var queued: Int
    public var lastError: String?

    public init(state: State, broker: String, queued: Int = 0, lastError: String? = nil) {
        self.state = state
        self.broker = broker
        self.queued = queued
        self.lastError = lastError
    }

    /// The status bar's words: `MQTT: on`, `MQTT: queued 12`, `MQTT: error`.
    public var barText: String {
        if case .failed = state { return queued > 0 ? "MQTT: error, queued \(queued)" : "MQTT: error" }
        if queued > 0 { return "MQTT: queued \(queued)" }
        return state == .connected ? "MQTT: on" : "MQTT: connecting"
    }
}
