import Foundation

public struct SystemClock: DeskClock {
    public init() {}
    public func now() -> Date { Date() }
}
