import DeskUI
import Foundation
import MemberKit
import Synchronization
import Testing

/// The loop's wake-up pipe and the pacing of bus events.
@Suite struct DeskWakeUpTests {
    func isReadable(_ wakeUp: DeskWakeUp) -> Bool {
        var descriptor = pollfd(fd: wakeUp.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 1
    }

    @Test func wakeMakesThePipeReadableUntilCleared() {
        let wakeUp = DeskWakeUp()
        #expect(!isReadable(wakeUp))
        wakeUp.wake()
        wakeUp.wake()
        #expect(isReadable(wakeUp))
        wakeUp.clear()
        #expect(!isReadable(wakeUp))
        wakeUp.wake()
        #expect(isReadable(wakeUp))
    }

    @Test func aCheckInWakesAtOnceBeaconReadingsAtMostEveryInterval() {
        let wakeUp = DeskWakeUp()
        let time = Mutex<UInt64>(1_000_000_000)
        let pacer = DeskWakePacer(wakeUp, interval: 0.1, clock: { time.withLock { $0 } })
        let line = DeskEvent.log(LogLine(source: "test", text: "x"))
        pacer.delivered(line)
        #expect(isReadable(wakeUp))
        wakeUp.clear()
        time.withLock { $0 += 50_000_000 }
        pacer.delivered(line)
        #expect(!isReadable(wakeUp))  // 50 ms after the last: held for the next wake
        pacer.delivered(.memberDeleted(MemberRecord(memberId: UUID().uuidString, passId: "P1", username: "m1", timeStampAdded: 0, modifiedAt: 0, modifiedBy: "t")))
        #expect(isReadable(wakeUp))  // not droppable: at once
        wakeUp.clear()
        time.withLock { $0 += 60_000_000 }
        pacer.delivered(line)
        #expect(isReadable(wakeUp))
    }
}
