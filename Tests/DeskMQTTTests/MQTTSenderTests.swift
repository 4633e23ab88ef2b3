import DeskMQTT
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Testing

/// The sender against `FakeMQTTConnection`: order, acknowledgement, failures and retries.
@Suite struct MQTTSenderTests {
    func queue(_ f: MQTTFixture, _ count: Int, from start: Int = 0) throws {
        try f.database.enqueueOutbox((start..<start + count).map { OutboxMessage(topic: "t/\($0)", text: "\($0)") },
                                     limit: 100_000, now: Date())
    }

    @Test func theOutboxIsSentInOrderAndEmptiedOnAcknowledgement() throws {
        let f = try MQTTFixture()
        let broker = FakeMQTTConnection.Broker()
        try queue(f, 50)
        let service = f.service(connector: broker.connector)
        service.start()
        defer { service.stop() }
        #expect(waitUntil { (try? f.database.outboxCount()) == 0 })
        let events = broker.published.filter { $0.topic.hasPrefix("t/") }
        #expect(events.map(\.text) == (0..<50).map(String.init))
        #expect(broker.published.first == OutboxMessage(topic: "memberdesk/front-desk/status", text: "online", retain: true))
        #expect(broker.latest?.options.will == OutboxMessage(topic: "memberdesk/front-desk/status", text: "offline", retain: true))
        #expect(waitUntil { service.sender.currentStatus.state == .connected && service.sender.currentStatus.queued == 0 })
        #expect(service.sender.currentStatus.barText == "MQTT: on")
    }

    @Test func aLostConnectionResendsWhatWasNotAcknowledgedAndLosesNothing() throws {
        let f = try MQTTFixture()
        let broker = FakeMQTTConnection.Broker()
        broker.autoAcknowledge.store(false, ordering: .relaxed)
        try queue(f, 5)
        let service = f.service(connector: broker.connector)
        service.start()
        defer { service.stop() }
        #expect(waitUntil { (broker.latest?.published.filter { $0.message.topic.hasPrefix("t/") }.count ?? 0) == 5 })
        let first = try #require(broker.latest)
        // The broker acknowledges the first two, then the connection drops.
        for sent in first.published.filter({ $0.message.topic == "t/0" || $0.message.topic == "t/1" }) { first.send(.acknowledged(sent.mid)) }
        #expect(waitUntil { (try? f.database.outboxCount()) == 3 })
        broker.autoAcknowledge.store(true, ordering: .relaxed)
        first.send(.lost("the connection was lost (test)"))
        #expect(waitUntil { (try? f.database.outboxCount()) == 0 })
        #expect(broker.all.count == 2)
        #expect(broker.all[1].published.map(\.message.topic).filter { $0.hasPrefix("t/") } == ["t/2", "t/3", "t/4"])
        #expect(first.closedGracefully == false)
    }

    @Test func aRefusalIsReportedOnceAndRetriedWithBackoff() throws {
        let f = try MQTTFixture()
        let broker = FakeMQTTConnection.Broker()
        broker.openFailure.withLock { $0 = "cannot connect to mqtt://127.0.0.1:1883: Connection refused" }
        let errors = f.bus.subscribe()
        try queue(f, 3)
        let service = f.service(connector: broker.connector)
        service.start()
        defer { service.stop() }
        #expect(waitUntil { service.sender.currentStatus.barText == "MQTT: error, queued 3" })
        #expect(waitUntil { broker.all.count >= 3 }, "retried")
        let reported = errors.drain().compactMap { event -> String? in
            if case .error(let notice) = event, notice.source == "mqtt" { return notice.message }
            return nil
        }
        #expect(reported == ["MQTT: cannot connect to mqtt://127.0.0.1:1883: Connection refused; retrying"])
        #expect(try f.database.setting("mqtt.lastError")?.hasSuffix("Connection refused") == true)
        broker.openFailure.withLock { $0 = nil }
        #expect(waitUntil { (try? f.database.outboxCount()) == 0 })
        #expect(waitUntil { service.sender.currentStatus.barText == "MQTT: on" })
    }

    @Test func aBrokerThatNeverAnswersIsGivenUp() throws {
        var f = try MQTTFixture()
        f.settings.connectTimeout = 0.2
        let broker = FakeMQTTConnection.Broker()
        broker.autoAccept.store(false, ordering: .relaxed)
        let service = f.service(connector: broker.connector)
        service.start()
        defer { service.stop() }
        #expect(waitUntil { service.sender.currentStatus.state == .failed("no answer from mqtt://127.0.0.1:1883 within 0.2 s") })
        #expect(waitUntil { broker.all.count >= 2 })
    }

    @Test func homeAssistantComingOnlineGetsDiscoveryAgainAndGarbageIsIgnored() throws {
        let f = try MQTTFixture()
        let broker = FakeMQTTConnection.Broker()
        let service = f.service(connector: broker.connector)
        service.start()
        defer { service.stop() }
        #expect(waitUntil { broker.published.contains { $0.topic.hasSuffix("/config") } })
        let connection = try #require(broker.latest)
        #expect(connection.subscriptions == ["homeassistant/status"])
        let configs = { connection.published.filter { $0.message.topic.hasSuffix("/config") }.count }
        let once = configs()
        for payload in ["offline", "", "online\0", String(repeating: "x", count: 100_000)] {
            connection.send(.message(topic: "homeassistant/status", payload: Array(payload.utf8)))
        }
        connection.send(.message(topic: "homeassistant/status", payload: [0xFF, 0xFE]))
        connection.send(.message(topic: "homeassistant/status", payload: Array("online".utf8)))
        #expect(waitUntil { configs() == 2 * once })
    }

    @Test func aCleanStopSaysOfflineAndDisconnects() throws {
        let f = try MQTTFixture()
        let broker = FakeMQTTConnection.Broker()
        let service = f.service(connector: broker.connector)
        service.start()
        #expect(waitUntil { service.sender.currentStatus.state == .connected })
        service.stop()
        #expect(broker.published.last == OutboxMessage(topic: "memberdesk/front-desk/status", text: "offline", retain: true))
        #expect(broker.latest?.closedGracefully == true)
    }

    @Test func theOutboxIsBoundedAndSaysSoOnce() throws {
        let f = try MQTTFixture()
        try queue(f, 5)
        #expect(try f.database.enqueueOutbox([OutboxMessage(topic: "t/5", text: "5")], limit: 4, now: Date()) == 2)
        #expect(try f.database.outboxBatch(after: 0, limit: 10).map(\.message.topic) == ["t/2", "t/3", "t/4", "t/5"])
        var settings = f.settings
        settings.outboxMax = 2
        let errors = f.bus.subscribe()
        let publisher = MQTTPublisher(settings: settings, database: f.database, bus: f.bus, wake: {})
        publisher.start()
        for _ in 0..<3 { _ = try f.club.enrolMember(passId: UUID().uuidString.prefix(8).description, source: .nfc) }
        publisher.stop()
        #expect(try f.database.outboxCount() == 2)
        let full = errors.drain().filter { if case .error(let n) = $0 { return n.message.contains("outbox is full") } else { return false } }
        #expect(full.count == 1)
    }
}
