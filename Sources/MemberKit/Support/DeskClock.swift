import Foundation

/// Where time comes from; injected so that tests control it.
public protocol DeskClock: Sendable {
    func now() -> Date
}

public struct SystemClock: DeskClock {
    public init() {}
    public func now() -> Date { Date() }
}
