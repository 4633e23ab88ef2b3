import DeskSettings
import Foundation
import MemberKit
import Synchronization

/// The desk's MQTT link, wired: the publisher (bus → outbox) fed by the sender's thread, the sender (outbox → broker), the
/// session's own messages (status, last will, Home Assistant discovery) and the scripts' port.
public final class MQTTService: Sendable {
    public let settings: MQTTSettings
    public let sender: MQTTSender
    public let publisher: MQTTPublisher
    public let discovery: HomeAssistantDiscovery

    public init(settings: MQTTSettings, database: AppDatabase, bus: EventBus, clock: any DeskClock = SystemClock(),
                namedBeacons: @escaping @Sendable () -> [NamedBeacon] = { [] }, exitTimeout: TimeInterval = 10,
                capacity: Int = 0, softwareVersion: String, connector: @escaping MQTTConnector = MosquittoConnection.connector) {
        self.settings = settings
        let discovery = HomeAssistantDiscovery(settings: settings, softwareVersion: softwareVersion, exitTimeout: exitTimeout)
        self.discovery = discovery
        let online = OutboxMessage(topic: settings.statusTopic, text: "online", retain: true)
        let offline = OutboxMessage(topic: settings.statusTopic, text: "offline", retain: true)
        let announce: @Sendable () -> [OutboxMessage] = {
            settings.discovery ? discovery.messages(beacons: namedBeacons()) : []
        }
        let hooks = MQTTSessionHooks(
            will: offline,
            onConnect: { [online] + announce() },
            subscriptions: settings.discovery ? [settings.homeAssistantStatusTopic] : [],
            onMessage: { topic, payload in discovery.isHomeAssistantOnline(topic: topic, payload: payload) ? announce() : [] },
            onStop: { [offline] })
        let reported = LastReported()
        let publisher = MQTTPublisher(settings: settings, database: database, bus: bus, clock: clock, namedBeacons: namedBeacons,
                                      exitTimeout: exitTimeout, capacity: capacity)
        self.publisher = publisher
        // The sender's thread drains the bus itself: a tap crosses one thread, not two, on its way out.
        sender = MQTTSender(settings: settings, database: database, hooks: hooks, connector: connector,
                            feed: { publisher.feed() }) { status in
            bus.publish(.mqtt(MQTTNotice(barText: status.barText, connected: status.state == .connected)))
            switch status.state {
            case .failed(let reason) where reported.changed(reason):
                bus.publish(.error(DeskErrorNotice(source: "mqtt", message: "MQTT: \(reason); retrying")))
            case .connected where reported.changed("connected"):
                bus.publish(.log(LogLine(source: "mqtt", text: "MQTT: connected to \(settings.broker)")))
            default: break
            }
        }
    }

    /// From the config: nil when `[mqtt]` is off; a setting that cannot work is reported on the bus, and nil.
    public static func fromConfig(_ config: DeskConfig, club: Club, database: AppDatabase, softwareVersion: String,
                                  namedBeacons: @escaping @Sendable () -> [NamedBeacon] = { [] }) -> MQTTService? {
        guard let settings = settings(config, club: club) else { return nil }
        let service = MQTTService(settings: settings, database: database, bus: club.bus, clock: club.clock,
                                  namedBeacons: namedBeacons, exitTimeout: config.beacons.exitTimeout,
                                  capacity: club.settings.occupancy.capacity, softwareVersion: softwareVersion)
        club.queueEventMessages(service.publisher.eventMessages)
        return service
    }

    /// The publisher alone, started, for a one-shot command (`checkin`, `checkout`): what it publishes on the bus
    /// joins the outbox, and the running desk (the front desk, `scan`, `sync watch`) sends it, in order, once.
    /// Stop it before the process ends. nil when `[mqtt]` is off or cannot work (then the bus says why).
    public static func queueing(_ config: DeskConfig, club: Club, database: AppDatabase) -> MQTTPublisher? {
        guard let settings = settings(config, club: club) else { return nil }
        let publisher = MQTTPublisher(settings: settings, database: database, bus: club.bus, clock: club.clock,
                                      exitTimeout: config.beacons.exitTimeout, capacity: club.settings.occupancy.capacity,
                                      wake: {})
        club.queueEventMessages(publisher.eventMessages)
        publisher.start()
        return publisher
    }

    private static func settings(_ config: DeskConfig, club: Club) -> MQTTSettings? {
        guard config.mqtt.isEnabled else { return nil }
        do {
            return try MQTTSettings.resolve(config.mqtt, terminal: club.terminal)
        } catch {
            club.bus.publish(.error(DeskErrorNotice(source: "mqtt", message: "MQTT is off: \(error)")))
            club.bus.publish(.mqtt(MQTTNotice(barText: "MQTT: error", connected: false)))
            return nil
        }
    }

    public func start() {
        let sender = sender
        publisher.startFeeding { sender.wake() }
        sender.start()
    }

    /// Queues what the bus has delivered, then says `offline` and disconnects.
    public func stop() {
        publisher.stop()
        sender.stop()
    }

    /// What region scripts publish through (`desk.mqtt.publish`).
    public var scriptPort: any ScriptMessagePort {
        MQTTScriptPort(policy: ScriptTopicPolicy(prefix: settings.prefix, allowed: settings.scriptTopics), publisher: publisher)
    }
}

/// The last state said in the event log, so a retry loop does not repeat the same line.
final class LastReported: Sendable {
    private let last = Mutex<String?>(nil)
    func changed(_ text: String) -> Bool {
        last.withLock { last in
            defer { last = text }
            return last != text
        }
    }
}
