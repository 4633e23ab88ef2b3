import Foundation
import MemberKit
import Synchronization

/// One short session for `mqtt status`, `mqtt test` and `doctor`: connect (as `<client id>-probe`, so the
/// running desk's own session is left alone), optionally publish one QoS 1 message, and wait for the answer.
public enum MQTTProbe {
    /// nil when the broker accepted the connection (and acknowledged `message`); otherwise why not.
    public static func run(_ settings: MQTTSettings, publishing message: OutboxMessage? = nil, timeout: TimeInterval = 5,
                           connector: MQTTConnector = MosquittoConnection.connector) -> MQTTFailure? {
        let credentials: MQTTCredentials
        do { credentials = try settings.credentials() } catch { return error }
        let connection = connector(MQTTConnectionOptions(
            broker: settings.broker, clientId: settings.clientId + "-probe", credentials: credentials,
            will: OutboxMessage(topic: settings.topic("probe"), text: "", qos: 0), keepAlive: settings.keepAlive))
        let events = Mutex<[MQTTConnectionEvent]>([])
        let arrived = DispatchSemaphore(value: 0)
        do {
            try connection.open { event in
                events.withLock { $0.append(event) }
                arrived.signal()
            }
        } catch {
            return error
        }
        defer { connection.close(graceful: true) }
        let deadline = DispatchTime.now() + timeout
        var awaiting: Int32?
        var connected = false
        while true {
            for event in events.withLock({ list in defer { list.removeAll() }; return list }) {
                switch event {
                case .connected:
                    connected = true
                    if let message {
                        do { awaiting = try connection.publish(message) } catch { return error }
                    }
                case .refused(let reason), .lost(let reason): return MQTTFailure(reason)
                case .acknowledged(let mid) where mid == awaiting: return nil
                case .acknowledged, .message: break
                }
            }
            if connected, message == nil { return nil }
            guard arrived.wait(timeout: deadline) == .success else {
                return MQTTFailure(connected ? "\(settings.broker) did not acknowledge the test message within \(MQTTDelivery.seconds(timeout)) s"
                                             : "no answer from \(settings.broker) within \(MQTTDelivery.seconds(timeout)) s")
            }
        }
    }
}
