import Foundation

/// The rules a phone's verified pass meets before the card's (`CardRules`), run in a fixed order
/// by `Club` before any transaction: the first to refuse ends the run, and a refusal writes
/// nothing. A new phone rule is one more file and one more line here.
@_spi(Decisions) public enum WalletRules {
    package static let order: [@Sendable (WalletFacts) -> WalletRefusal?] = [
        WalletFreshnessRule.apply,
    ]

    /// The first refusal in `order` (nil: the pass goes on to the check-in's rules).
    package static func decide(_ facts: WalletFacts) -> WalletRefusal? {
        order.lazy.compactMap { $0(facts) }.first
    }
}

/// What the phone rules see: when the phone made its cryptogram (nil: it does not say), the
/// desk's time, and the wallet settings.
@_spi(Decisions) public struct WalletFacts: Sendable {
    package var madeAt: Date?
    package var now: Date
    package var settings: WalletSettings

    package init(madeAt: Date?, now: Date, settings: WalletSettings) {
        self.madeAt = madeAt
        self.now = now
        self.settings = settings
    }
}
