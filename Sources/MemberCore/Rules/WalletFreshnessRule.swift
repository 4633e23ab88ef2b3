import Foundation

/// A phone's cryptogram is made at the tap: one whose time is further than `wallet.max_age_seconds`
/// from the desk's clock (either way) was recorded earlier and is played back, or the phone's
/// clock is wrong. Either way it is refused before any member is looked at.
@_spi(Decisions) public enum WalletFreshnessRule {
    package static func apply(madeAt: Date?, now: Date, settings: WalletSettings) -> WalletRefusal? {
        guard let madeAt else { return nil }
        return abs(now.timeIntervalSince(madeAt)) > settings.maxAge ? .stale : nil
    }

    /// The same, as `WalletRules.order` runs it.
    package static func apply(_ facts: WalletFacts) -> WalletRefusal? {
        apply(madeAt: facts.madeAt, now: facts.now, settings: facts.settings)
    }
}
