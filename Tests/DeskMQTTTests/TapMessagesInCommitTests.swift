import DeskMQTT
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// A tap's MQTT messages are written by the tap's own transaction (issue 29: a desk killed the
/// moment after a tap counted had not yet queued it, and the event was never sent).
struct TapMessagesInCommitTests {
    @Test func aTapsMessagesAreInTheOutboxWhenItsCommitIsAndTheBusDoesNotQueueThemAgain() throws {
        var f = try MQTTFixture()
        f.settings.discovery = false
        // Never started: nothing but the tap's own commit can queue its messages.
        let publisher = MQTTPublisher(settings: f.settings, database: f.database, bus: f.bus, clock: f.clock)
        f.club.queueEventMessages(publisher.eventMessages)
        let report = try f.club.checkIn(passId: "04A23B1C", source: .nfc)
        #expect(report.messagesQueued)
        let queued = try f.database.outboxBatch(after: 0, limit: 100)
        let checkIn = try #require(queued.first { $0.message.topic == "memberdesk/front-desk/checkin" })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(checkIn.message.payload)) as? [String: Any])
        #expect(json["passId"] as? String == "04A23B1C" && json["outcome"] as? String == "enrolled" && json["eventId"] as? String != nil)
        #expect(queued.contains { $0.message.topic == "memberdesk/front-desk/door" })
        // The report on the bus says so; the publisher hears it and queues nothing more.
        #expect(publisher.feed().isEmpty)
        #expect(try f.database.outboxCount() == queued.count)
        publisher.stop()

        // Without the hook (another club's publisher only listening), the bus path still queues.
        let g = try MQTTFixture()
        let listening = MQTTPublisher(settings: g.settings, database: g.database, bus: g.bus, clock: g.clock)
        let plain = try g.club.checkIn(passId: "04A23B1C", source: .nfc)
        #expect(!plain.messagesQueued)
        #expect(try g.database.outboxCount() == 0)
        #expect(!listening.feed().isEmpty)
        listening.stop()
    }
}
