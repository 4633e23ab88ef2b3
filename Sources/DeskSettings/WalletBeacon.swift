import Foundation

/// The desk's iBeacon as `wallet.apple.beacon` names it, `UUID[:major[:minor]]`: a pass with it
/// comes up on the lock screen near the desk.
public struct WalletBeacon: Sendable, Equatable {
    public var proximityUUID: UUID
    public var major: UInt16?
    public var minor: UInt16?

    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let uuid = UUID(uuidString: String(parts[0])) else { return nil }
        proximityUUID = uuid
        let numbers = parts.dropFirst().map { UInt16($0) }
        guard numbers.allSatisfy({ $0 != nil }) else { return nil }
        major = numbers.first ?? nil
        minor = numbers.count > 1 ? numbers[1] : nil
    }

    /// What is wrong with `text`, for the config's error; nil when it parses or is empty (no beacon).
    static func problem(_ text: String) -> String? {
        text.isEmpty || WalletBeacon(text) != nil ? nil : "expected UUID[:major[:minor]] (major and minor 0-65535)"
    }
}
