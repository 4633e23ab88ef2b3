import Foundation
import MemberKit
import Synchronization

/// A clock tests move by hand.
public final class FakeClock: DeskClock {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_767_225_600)) { current = Mutex(start) }

    public func now() -> Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }

    public func set(_ date: Date) { current.withLock { $0 = date } }
}
