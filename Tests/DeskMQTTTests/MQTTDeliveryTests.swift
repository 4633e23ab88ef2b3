@testable import DeskMQTT
import Foundation
import MemberKit
import Testing

/// The sender's decisions without a broker, a database or a thread: `MQTTDelivery` is fed inputs
/// with the time, and every effect it asks for is checked.
@Suite struct MQTTDeliveryTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let broker = "mqtt://broker.test:1883"

    func delivery(window: Int = 1000, retry: ClosedRange<TimeInterval> = 1...8) -> MQTTDelivery {
        MQTTDelivery(timing: MQTTDelivery.Timing(retryDelay: retry, connectTimeout: 10, ackTimeout: 30), window: window, broker: broker)
    }

    /// A session up at `t0` (generation 1), with nothing sent yet.
    func connected(window: Int = 1000) -> MQTTDelivery {
        var d = delivery(window: window)
        _ = d.handle(.look(fresh: []), at: t0)
        _ = d.handle(.connection(generation: 1, .connected), at: t0)
        _ = d.handle(.greeted, at: t0)
        return d
    }

    /// Outbox rows with an event id in each payload, as the mapper writes them.
    func rows(_ ids: ClosedRange<Int64>) -> [QueuedMessage] {
        ids.map { QueuedMessage(id: $0, message: OutboxMessage(topic: "t/checkin", text: "{\"eventId\":\"event-\($0)\"}")) }
    }

    /// Sends `rows` as the adapter would, message id = 100 + row id.
    func send(_ rows: [QueuedMessage], _ d: inout MQTTDelivery, at time: Date) {
        for row in rows { #expect(d.handle(.sent(row: row.id, mid: Int32(100 + row.id)), at: time) == []) }
    }

    func failed(_ reason: String, queued: Int = 0) -> MQTTLinkStatus {
        MQTTLinkStatus(state: .failed(reason), broker: broker, queued: queued, lastError: reason)
    }

    @Test func theFirstLookConnectsAndTheSessionIsUpOnlyOnceGreeted() {
        var d = delivery()
        #expect(d.handle(.look(fresh: []), at: t0) == [.open(generation: 1), .countOutbox])
        #expect(d.handle(.connection(generation: 1, .connected), at: t0) == [.greet])
        #expect(d.status.state == .connecting)
        #expect(d.handle(.greeted, at: t0) == [.status(MQTTLinkStatus(state: .connected, broker: broker))])
        #expect(d.handle(.counted(3), at: t0) == [.status(MQTTLinkStatus(state: .connected, broker: broker, queued: 3))])
        #expect(d.handle(.counted(3), at: t0) == [], "the same count is not said again")
    }

    @Test func theRetryDelayDoublesUpToItsCapAndStartsAgainOnceConnected() {
        var d = delivery(retry: 1...8)
        var now = t0
        var delays: [TimeInterval] = []
        for attempt in 1...6 {
            #expect(d.handle(.look(fresh: []), at: now).first == .open(generation: attempt))
            _ = d.handle(.failed("Connection refused"), at: now)
            delays.append(d.nextAttempt.timeIntervalSince(now))
            // Not a moment before it is due.
            #expect(!d.handle(.look(fresh: []), at: d.nextAttempt.addingTimeInterval(-0.01)).contains(.open(generation: attempt + 1)))
            #expect(d.nextLook(after: d.nextAttempt.addingTimeInterval(-0.1)) == d.nextAttempt)
            now = d.nextAttempt
        }
        #expect(delays == [1, 2, 4, 8, 8, 8])
        // Up again: the next failure waits the shortest delay.
        #expect(d.handle(.look(fresh: []), at: now).first == .open(generation: 7))
        _ = d.handle(.connection(generation: 7, .connected), at: now)
        _ = d.handle(.failed("the connection was lost"), at: now)
        #expect(d.nextAttempt == now.addingTimeInterval(1))
    }

    @Test func aFailureIsSaidAndRecordedOnceAndClosesTheSession() {
        var d = connected()
        let reason = "the connection was lost"
        #expect(d.handle(.connection(generation: 1, .lost(reason)), at: t0)
            == [.close(graceful: false), .status(failed(reason)), .countOutbox, .recordFailure(reason, at: t0)])
        #expect(d.session == nil)
        let later = d.nextAttempt
        _ = d.handle(.look(fresh: []), at: later)
        #expect(d.handle(.failed(reason), at: later) == [.close(graceful: false), .countOutbox], "the same failure again: not said again")
    }

    @Test func noMoreThanTheWindowIsUnacknowledged() {
        var d = connected(window: 3)
        let outbox = rows(1...5)
        #expect(d.handle(.look(fresh: []), at: t0) == [.readOutbox(after: 0, limit: 3)])
        #expect(d.handle(.read(Array(outbox[0..<3])), at: t0) == [.send(Array(outbox[0..<3]))])
        send(Array(outbox[0..<3]), &d, at: t0)
        // The window is full: nothing is read or sent until an acknowledgement.
        #expect(d.handle(.look(fresh: []), at: t0.addingTimeInterval(1)) == [.countOutbox])
        _ = d.handle(.connection(generation: 1, .acknowledged(101)), at: t0.addingTimeInterval(1))
        #expect(d.handle(.look(fresh: []), at: t0.addingTimeInterval(1.1))
            == [.delete([1]), .readOutbox(after: 3, limit: 1), .countOutbox])
    }

    @Test func rowsGoOutInIdOrderWhetherHandedOverOrRead() {
        var d = connected()
        // Rows just queued that follow the last sent are sent as handed over.
        #expect(d.handle(.look(fresh: rows(1...2)), at: t0) == [.send(rows(1...2))])
        send(rows(1...2), &d, at: t0)
        // A gap (another process queued 3): the outbox is read from the last row sent.
        #expect(d.handle(.look(fresh: rows(4...4)), at: t0).first == .readOutbox(after: 2, limit: 998))
        #expect(d.handle(.read(rows(3...4)), at: t0) == [.send(rows(3...4))])
        send(rows(3...4), &d, at: t0)
        #expect(d.session?.sentThrough == 4)
        #expect(d.handle(.look(fresh: rows(5...5)), at: t0).first == .send(rows(5...5)))
    }

    @Test func acknowledgementsOutOfOrderDeleteExactlyTheRowsAcknowledged() {
        var d = connected()
        _ = d.handle(.look(fresh: rows(1...4)), at: t0)
        send(rows(1...4), &d, at: t0)
        for mid: Int32 in [103, 101, 999] { #expect(d.handle(.connection(generation: 1, .acknowledged(mid)), at: t0) == []) }
        #expect(d.acked == [3, 1], "an unknown message id acknowledges nothing")
        #expect(d.handle(.look(fresh: []), at: t0).first == .delete([3, 1]))
        _ = d.handle(.connection(generation: 1, .acknowledged(104)), at: t0)
        _ = d.handle(.connection(generation: 1, .acknowledged(102)), at: t0)
        #expect(d.settled)
        #expect(d.handle(.look(fresh: []), at: t0).first == .delete([4, 2]))
        // An acknowledgement twice deletes nothing twice.
        _ = d.handle(.connection(generation: 1, .acknowledged(102)), at: t0)
        #expect(d.acked == [])
    }

    @Test func afterAReconnectWhatWasNotAcknowledgedIsSentAgainAsTheSameRows() {
        var d = connected()
        _ = d.handle(.look(fresh: rows(1...3)), at: t0)
        send(rows(1...3), &d, at: t0)
        _ = d.handle(.connection(generation: 1, .acknowledged(101)), at: t0)
        // Lost before 2 and 3 were acknowledged: what was acknowledged is deleted with the failure.
        #expect(Array(d.handle(.connection(generation: 1, .lost("gone")), at: t0).prefix(2)) == [.close(graceful: false), .delete([1])])
        let retry = d.nextAttempt
        #expect(d.handle(.look(fresh: []), at: retry) == [.open(generation: 2), .countOutbox])
        // The old session's late acknowledgement belongs to nothing now.
        #expect(d.handle(.connection(generation: 1, .acknowledged(102)), at: retry) == [])
        _ = d.handle(.connection(generation: 2, .connected), at: retry)
        _ = d.handle(.greeted, at: retry)
        // From the oldest unacknowledged row: the same rows, the same event ids, in order.
        #expect(d.handle(.look(fresh: rows(4...4)), at: retry).first == .readOutbox(after: 0, limit: 1000))
        let again = rows(2...4)
        #expect(d.handle(.read(again), at: retry) == [.send(again)])
        #expect(again.map(\.message.text) == ["{\"eventId\":\"event-2\"}", "{\"eventId\":\"event-3\"}", "{\"eventId\":\"event-4\"}"])
    }

    @Test func aBrokerThatDoesNotAnswerOrAcknowledgeInTimeIsGivenUp() {
        var d = delivery()
        _ = d.handle(.look(fresh: []), at: t0)
        #expect(d.nextLook(after: t0.addingTimeInterval(9.9)) == t0.addingTimeInterval(10))
        #expect(!d.handle(.look(fresh: []), at: t0.addingTimeInterval(10)).contains(.close(graceful: false)))
        let silent = "no answer from \(broker) within 10 s"
        #expect(Array(d.handle(.look(fresh: []), at: t0.addingTimeInterval(10.1)).prefix(2)) == [.close(graceful: false), .status(failed(silent))])

        var e = connected()
        _ = e.handle(.look(fresh: rows(1...1)), at: t0)
        send(rows(1...1), &e, at: t0)
        #expect(!e.handle(.look(fresh: []), at: t0.addingTimeInterval(30)).contains(.close(graceful: false)))
        let unacknowledged = "\(broker) did not acknowledge within 30 s"
        #expect(Array(e.handle(.look(fresh: []), at: t0.addingTimeInterval(30.1)).prefix(2))
            == [.close(graceful: false), .status(failed(unacknowledged, queued: 0))])
    }

    @Test func aCleanStopSaysGoodbyeWaitsForItsAcknowledgementAndCloses() {
        var d = connected()
        _ = d.handle(.look(fresh: rows(1...1)), at: t0)
        send(rows(1...1), &d, at: t0)
        _ = d.handle(.connection(generation: 1, .acknowledged(101)), at: t0)
        #expect(d.stop() == [.delete([1]), .farewell])
        _ = d.handle(.sent(row: 0, mid: 7), at: t0)  // `offline`, QoS 1
        #expect(!d.settled)
        _ = d.handle(.connection(generation: 1, .acknowledged(7)), at: t0)
        #expect(d.settled)
        #expect(d.finish() == [.close(graceful: true)])
        #expect(d.finish() == [])
    }

    @Test func aRowThatCouldNotBeDeletedIsDeletedNextTimeAndTheOutboxsTroubleIsSaid() {
        var d = connected()
        _ = d.handle(.look(fresh: rows(1...2)), at: t0)
        send(rows(1...2), &d, at: t0)
        _ = d.handle(.connection(generation: 1, .acknowledged(101)), at: t0)
        #expect(d.handle(.look(fresh: []), at: t0).first == .delete([1]))
        let effects = d.handle(.deleteFailed([1], "database is locked"), at: t0)
        #expect(effects == [.status(MQTTLinkStatus(state: .connected, broker: broker, lastError: "the outbox: database is locked"))])
        _ = d.handle(.connection(generation: 1, .acknowledged(102)), at: t0)
        #expect(d.handle(.look(fresh: []), at: t0).first == .delete([1, 2]))
    }
}
