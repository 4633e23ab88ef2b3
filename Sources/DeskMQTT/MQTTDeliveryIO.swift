import Foundation
import MemberKit

/// Carries out `MQTTDelivery`'s effects: the connection (one per session), the hooks' messages,
/// and the outbox. Lives on the sender's thread; answers each effect with the inputs it led to.
final class MQTTDeliveryIO {
    private let settings: MQTTSettings
    private let database: AppDatabase
    private let hooks: MQTTSessionHooks
    private let connector: MQTTConnector
    /// Where the connection's events go (from its own thread), tagged with their session.
    private let post: @Sendable (Int, MQTTConnectionEvent) -> Void
    private let report: (MQTTLinkStatus) -> Void
    /// The open session's connection (nil: none).
    private var connection: (any MQTTConnection)?

    init(settings: MQTTSettings, database: AppDatabase, hooks: MQTTSessionHooks, connector: @escaping MQTTConnector,
         post: @escaping @Sendable (Int, MQTTConnectionEvent) -> Void, report: @escaping (MQTTLinkStatus) -> Void) {
        self.settings = settings
        self.database = database
        self.hooks = hooks
        self.connector = connector
        self.post = post
        self.report = report
    }

    func perform(_ effect: MQTTDelivery.Effect) -> [MQTTDelivery.Input] {
        switch effect {
        case .open(let generation): return open(generation)
        case .close(let graceful):
            connection?.close(graceful: graceful)
            connection = nil
            return []
        case .greet:
            guard let connection else { return [] }
            for filter in hooks.subscriptions {
                do { try connection.subscribe(filter) } catch { return [.failed(error.description)] }
            }
            let sent = sendDirect(hooks.onConnect())
            return sent.contains { if case .failed = $0 { true } else { false } } ? sent : sent + [.greeted]
        case .answer(let topic, let payload): return sendDirect(hooks.onMessage(topic, payload))
        case .farewell: return sendDirect(hooks.onStop())
        case .send(let rows): return send(rows.map { ($0.id, $0.message) })
        case .readOutbox(let after, let limit):
            do { return [.read(try database.outboxBatch(after: after, limit: limit))] } catch { return [.storeFailed("\(error)")] }
        case .delete(let rows):
            do { try database.removeFromOutbox(ids: rows) } catch { return [.deleteFailed(rows, "\(error)")] }
            return []
        case .countOutbox:
            guard let count = try? database.outboxCount() else { return [] }
            return [.counted(count)]
        case .status(let status):
            report(status)
            return []
        case .recordFailure(let reason, let time):
            try? database.setSetting("mqtt.lastError", "\(ISO8601Formatters.string(from: time)) \(reason)")
            return []
        }
    }

    private func open(_ generation: Int) -> [MQTTDelivery.Input] {
        do {
            let options = MQTTConnectionOptions(broker: settings.broker, clientId: settings.clientId,
                                                credentials: try settings.credentials(), will: hooks.will,
                                                keepAlive: settings.keepAlive)
            let connection = connector(options)
            self.connection = connection
            let post = post
            try connection.open { event in post(generation, event) }
            return []
        } catch {
            connection = nil
            return [.failed(error.description)]
        }
    }

    /// Messages that are not outbox rows: QoS 1 ones wait for their acknowledgement as row 0.
    private func sendDirect(_ messages: [OutboxMessage]) -> [MQTTDelivery.Input] {
        send(messages.map { (0, $0) })
    }

    /// In order, stopping at the first failure.
    private func send(_ messages: [(row: Int64, message: OutboxMessage)]) -> [MQTTDelivery.Input] {
        guard let connection else { return [] }
        var inputs: [MQTTDelivery.Input] = []
        for (row, message) in messages {
            do {
                let mid = try connection.publish(message)
                if row > 0 || message.qos > 0 { inputs.append(.sent(row: row, mid: mid)) }
            } catch {
                inputs.append(.failed(error.description))
                break
            }
        }
        return inputs
    }
}
