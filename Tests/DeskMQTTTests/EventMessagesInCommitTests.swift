import DeskMQTT
import Foundation
import GRDB
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// Every event the club writes has its MQTT messages written by the same transaction (issue 29),
/// not only a tap (`TapMessagesInCommitTests`): an override, a staff check-out, closing time and
/// "check out all". The outbox holds the messages if and only if the event is committed: a write
/// of the event that fails queues nothing, and an outbox that cannot be written keeps the event
/// from being committed. A wallet refusal writes nothing: it is queued once, after the fact.
@Suite struct EventMessagesInCommitTests {
    let mia = AuditActor(operator: "Mia", method: .manual)

    @Test func anOverridesMessagesAreCommittedWithItsVisit() throws {
        let desk = try QueueingDesk()
        try desk.club.addMember(passId: "P1", username: "Anna", status: .suspended)
        try desk.refusingInserts(into: "visit_event") {
            #expect(throws: (any Error).self) { try desk.club.admitAnyway(passId: "P1", by: mia) }
        }
        #expect(try desk.topics() == [])
        try desk.refusingInserts(into: "mqtt_outbox") {
            #expect(throws: (any Error).self) { try desk.club.admitAnyway(passId: "P1", by: mia) }
        }
        #expect(try desk.database.member(idOrPass: "P1")?.numVisits == 0)

        let report = try desk.club.admitAnyway(passId: "P1", by: mia)
        #expect(report.messagesQueued)
        #expect(try desk.topics() == ["checkin", "door", "last_checkin", "inside"])
        #expect(try desk.json("checkin").map { $0["outcome"] as? String } == ["checkedIn"])
        #expect(desk.publisher.feed().isEmpty, "the bus does not queue it again")
    }

    @Test func aStaffCheckOutsMessagesAreCommittedWithItsExit() throws {
        let desk = try QueueingDesk()
        try desk.club.checkIn(passId: "P1", source: .nfc)
        try desk.emptyOutbox()
        try desk.refusingInserts(into: "visit_event") {
            #expect(throws: (any Error).self) { try desk.club.checkOut(passId: "P1", by: mia) }
        }
        #expect(try desk.topics() == [])
        try desk.refusingInserts(into: "mqtt_outbox") {
            #expect(throws: (any Error).self) { try desk.club.checkOut(passId: "P1", by: mia) }
        }
        #expect(try desk.database.insideCount() == 1, "the exit was not committed without its messages")

        let report = try desk.club.checkOut(passId: "P1", by: mia)
        #expect(report.messagesQueued)
        #expect(try desk.topics() == ["checkin", "checkout", "inside"])
        #expect(try desk.json("checkout").map { $0["outcome"] as? String } == ["checkedOut"])
        #expect(try desk.json("inside").map { $0["inside"] as? Int } == [0])
        // Not inside any more: said once too, in its own transaction.
        #expect(try desk.club.checkOut(passId: "P1", by: mia).messagesQueued)
        #expect(try desk.json("checkin").map { $0["outcome"] as? String } == ["checkedOut", "notInside"])
        #expect(desk.publisher.feed().isEmpty, "the bus does not queue them again")
    }

    @Test func closingTimesCountIsCommittedWithItsExits() throws {
        let desk = try QueueingDesk(occupancy: OccupancySettings(maxStay: 3600))
        let entry = desk.f.clock.now()
        try desk.club.checkIn(passId: "P1", source: .nfc, at: entry)
        try desk.emptyOutbox()
        let late = entry.addingTimeInterval(2 * 3600)
        try desk.refusingInserts(into: "visit_event") {
            #expect(throws: (any Error).self) { try desk.club.closeOverdueVisits(at: late) }
        }
        #expect(try desk.topics() == [])
        try desk.refusingInserts(into: "mqtt_outbox") {
            #expect(throws: (any Error).self) { try desk.club.closeOverdueVisits(at: late) }
        }
        #expect(try desk.database.insideCount() == 1, "the exit was not committed without its message")

        #expect(try desk.club.closeOverdueVisits(at: late) == 1)
        #expect(try desk.topics() == ["inside"])
        #expect(try desk.json("inside").map { $0["inside"] as? Int } == [0])
        #expect(desk.publisher.feed().isEmpty, "the bus does not queue it again")
        // Nothing closed: nothing said.
        #expect(try desk.club.closeOverdueVisits(at: late.addingTimeInterval(60)) == 0)
        #expect(try desk.topics() == ["inside"])
    }

    @Test func checkOutAllsCountIsCommittedWithItsExits() throws {
        let desk = try QueueingDesk()
        try desk.club.checkIn(passId: "P1", source: .nfc)
        try desk.club.checkIn(passId: "P2", source: .nfc)
        try desk.emptyOutbox()
        try desk.refusingInserts(into: "visit_event") {
            #expect(throws: (any Error).self) { try desk.club.checkOutAll(by: mia) }
        }
        #expect(try desk.topics() == [])
        try desk.refusingInserts(into: "mqtt_outbox") {
            #expect(throws: (any Error).self) { try desk.club.checkOutAll(by: mia) }
        }
        #expect(try desk.database.insideCount() == 2)

        #expect(try desk.club.checkOutAll(by: mia) == 2)
        #expect(try desk.topics() == ["inside"])
        #expect(try desk.json("inside").map { $0["inside"] as? Int } == [0])
        #expect(desk.publisher.feed().isEmpty, "the bus does not queue it again")
    }

    @Test func aWalletRefusalWritesNothingAndIsQueuedExactlyOnce() throws {
        let desk = try QueueingDesk()
        let errors = desk.f.bus.subscribe()
        let phone = WalletPresentation(wallet: .apple, read: .refused(.noWalletPass))
        let report = try desk.club.checkIn(wallet: phone, by: nil)
        #expect(report.messagesQueued)
        #expect(try desk.topics() == ["checkin", "refused", "inside"])
        #expect(try desk.json("refused").map { $0["reason"] as? String } == ["noWalletPass"])
        #expect(desk.publisher.feed().isEmpty, "the bus does not queue it again")

        // An outbox that cannot be written: the refusal is still answered, the failure said, and
        // nothing is queued, then or later.
        try desk.emptyOutbox()
        _ = errors.drain()
        let refused = try desk.refusingInserts(into: "mqtt_outbox") { try desk.club.checkIn(wallet: phone, by: nil) }
        guard case .walletRefused(.noWalletPass, _) = refused.outcome else { Issue.record("not a refusal: \(refused.outcome)"); return }
        #expect(errors.drain().contains { if case .error(let notice) = $0 { notice.source == "mqtt" } else { false } })
        #expect(desk.publisher.feed().isEmpty)
        #expect(try desk.topics() == [])
    }
}

/// A club that queues its events' messages in their own commits, beside a publisher that is
/// never started: only a commit can put anything in the outbox.
struct QueueingDesk {
    var f: MQTTFixture
    let publisher: MQTTPublisher
    var club: Club { f.club }
    var database: AppDatabase { f.database }

    init(occupancy: OccupancySettings = OccupancySettings()) throws {
        f = try MQTTFixture(occupancy: occupancy)
        f.settings.discovery = false
        publisher = MQTTPublisher(settings: f.settings, database: f.database, bus: f.bus, clock: f.clock)
        f.club.queueEventMessages(publisher.eventMessages)
    }

    /// The outbox's topics in order, below the desk's prefix.
    func topics() throws -> [String] {
        try database.outboxBatch(after: 0, limit: 1000).map { String($0.message.topic.dropFirst("memberdesk/front-desk/".count)) }
    }

    /// The JSON payloads queued on one topic, in order.
    func json(_ topic: String) throws -> [[String: Any]] {
        try database.outboxBatch(after: 0, limit: 1000).filter { $0.message.topic == "memberdesk/front-desk/" + topic }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.message.payload)) as? [String: Any])
        }
    }

    func emptyOutbox() throws {
        try database.removeFromOutbox(ids: database.outboxBatch(after: 0, limit: 1000).map(\.id))
        _ = publisher.feed()
    }

    /// Runs `body` while every insert into `table` fails, as a full disk or a broken table would.
    func refusingInserts<T>(into table: String, _ body: () throws -> T) throws -> T {
        try database.write { store in
            try store.db.execute(sql: "CREATE TEMP TRIGGER refuse_\(table) BEFORE INSERT ON \(table) BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        defer { _ = try? database.write { store in try store.db.execute(sql: "DROP TRIGGER temp.refuse_\(table)") } }
        return try body()
    }
}
