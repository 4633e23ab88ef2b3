import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Testing

@Suite struct EventBusTests {
    private func log(_ n: Int) -> DeskEvent { .log(LogLine(source: "t", text: "\(n)")) }
    private func error(_ n: Int) -> DeskEvent { .error(DeskErrorNotice(source: "t", message: "\(n)")) }

    @Test func everySubscriberGetsEveryEventInOrder() async throws {
        let bus = EventBus()
        let a = bus.subscribe(), b = bus.subscribe()
        for i in 0..<100 { bus.publish(error(i)) }
        for subscription in [a, b] {
            var seen: [String] = []
            for _ in 0..<100 {
                if case .error(let notice) = await subscription.next() { seen.append(notice.message) }
            }
            #expect(seen == (0..<100).map(String.init))
        }
    }

    @Test func aSlowSubscriberNeverBlocksPublishersOrOthers() async throws {
        let bus = EventBus()
        let slow = bus.subscribe(capacity: 10)   // never read
        let fast = bus.subscribe(capacity: 100_000)
        for i in 0..<50_000 { bus.publish(i % 2 == 0 ? log(i) : error(i)) }
        #expect(fast.drain().count == 50_000)
        #expect(slow.drain().count == 10)
        #expect(slow.droppedCount == 49_990)
    }

    @Test func uiOnlyEventsAreDroppedFirst() {
        let bus = EventBus()
        let s = bus.subscribe(capacity: 4)
        bus.publish(error(1)); bus.publish(log(2)); bus.publish(error(3)); bus.publish(log(4))
        bus.publish(error(5))   // full: the oldest log line goes, not an error
        bus.publish(error(6))   // full: the other log line goes
        let kept = s.drain().map { event -> String in
            switch event {
            case .error(let n): return "e" + n.message
            case .log(let l): return "l" + l.text
            default: return "?"
            }
        }
        #expect(kept == ["e1", "e3", "e5", "e6"])
        #expect(s.droppedCount == 2)
    }

    @Test func cancelWakesAWaitingReader() async throws {
        let bus = EventBus()
        let s = bus.subscribe()
        let task = Task { await s.next() }
        #expect(waitUntil { true })
        s.cancel()
        let value = await task.value
        #expect(value == nil)
        #expect(bus.subscriberCount == 0)
    }

    @Test func asyncIterationAcrossTasks() async throws {
        let bus = EventBus()
        let s = bus.subscribe()
        let reader = Task { () -> Int in
            var count = 0
            for await event in s {
                if case .error = event { count += 1 }
                if count == 1000 { break }
            }
            return count
        }
        for i in 0..<1000 { bus.publish(error(i)) }
        #expect(await reader.value == 1000)
    }
}
