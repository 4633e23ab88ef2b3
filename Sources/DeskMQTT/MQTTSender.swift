import Foundation
import MemberKit

/// Drains the outbox to the broker on its own thread, so a check-in never waits on MQTT.
///
/// The decisions (order, window, acknowledgements, timeouts, retries with backoff) are
/// `MQTTDelivery`'s, a pure state machine; `MQTTDeliveryIO` carries out its effects. This type is
/// the thread between them: it waits for news (the connection's events, a wake, the next look),
/// feeds it in with the time, and performs what comes out.
public final class MQTTSender: Sendable {
    public let settings: MQTTSettings
    private let database: AppDatabase
    private let connector: MQTTConnector
    private let hooks: MQTTSessionHooks
    private let onStatus: @Sendable (MQTTLinkStatus) -> Void
    private let window: Int
    /// The sender's timers run on it (retries, timeouts, looks).
    private let clock: any DeskClock
    /// Called first in every look, on this thread: queues what the bus delivered and hands the rows over.
    private let feed: @Sendable () -> [QueuedMessage]
    private let mailbox: MQTTSenderMailbox

    public init(settings: MQTTSettings, database: AppDatabase, hooks: MQTTSessionHooks,
                connector: @escaping MQTTConnector = MosquittoConnection.connector, window: Int = 1000,
                clock: any DeskClock = SystemClock(), feed: @escaping @Sendable () -> [QueuedMessage] = { [] },
                onStatus: @escaping @Sendable (MQTTLinkStatus) -> Void = { _ in }) {
        self.settings = settings
        self.database = database
        self.hooks = hooks
        self.connector = connector
        self.window = max(1, window)
        self.clock = clock
        self.feed = feed
        self.onStatus = onStatus
        mailbox = MQTTSenderMailbox(status: MQTTLinkStatus(state: .connecting, broker: settings.broker.description))
    }

    public func start() {
        Thread.detachNewThread { [self] in run() }
    }

    /// Something was queued: send it now rather than at the next look.
    public func wake() {
        mailbox.wake()
    }

    /// Says `offline` (when connected), disconnects, and waits for the thread (at most `timeout` seconds).
    public func stop(timeout: TimeInterval = 5) {
        mailbox.requestStop()
        _ = mailbox.waitForFinish(atMost: timeout)
    }

    /// The latest status (the thread updates it as things change).
    public var currentStatus: MQTTLinkStatus { mailbox.status }

    // MARK: The thread

    private func run() {
        var delivery = MQTTDelivery(timing: MQTTDelivery.Timing(retryDelay: settings.retryDelay, connectTimeout: settings.connectTimeout,
                                                                ackTimeout: settings.ackTimeout),
                                    window: window, broker: settings.broker.description)
        let mailbox = mailbox
        let onStatus = onStatus
        let io = MQTTDeliveryIO(settings: settings, database: database, hooks: hooks, connector: connector,
                                post: { generation, event in mailbox.post(generation, event) },
                                report: { status in
                                    mailbox.status = status
                                    onStatus(status)
                                })
        // Each effect's answers go back in before the next effect: the machine sees things in the order they happened.
        func perform(_ effects: [MQTTDelivery.Effect]) {
            for effect in effects {
                for input in io.perform(effect) { perform(delivery.handle(input, at: clock.now())) }
            }
        }
        while true {
            let news = mailbox.take(waitingAtMost: delivery.nextLook(after: clock.now()).timeIntervalSince(clock.now()))
            if news.stopping { break }
            let fresh = feed()  // into the outbox whatever the broker's state
            for (generation, event) in news.events {
                perform(delivery.handle(.connection(generation: generation, event), at: clock.now()))
            }
            perform(delivery.handle(.look(fresh: fresh), at: clock.now()))
        }
        // Say goodbye and wait briefly for the acknowledgements, so the retained `offline` lands.
        perform(delivery.stop())
        let deadline = clock.now().addingTimeInterval(1)
        while !delivery.settled, clock.now() < deadline {
            for (generation, event) in mailbox.take(waitingAtMost: deadline.timeIntervalSince(clock.now()), eventsOnly: true).events {
                perform(delivery.handle(.connection(generation: generation, event), at: clock.now()))
            }
        }
        perform(delivery.finish())
        mailbox.finish()
    }
}
