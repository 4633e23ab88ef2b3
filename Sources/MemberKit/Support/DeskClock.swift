import Foundation

/// Where time comes from; injected so that tests control it.
public protocol DeskClock: Sendable {
    func now() -> Date
}
