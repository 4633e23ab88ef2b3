import Foundation

/// How an adapter (the card reader, a keyboard wedge) asks the core to check a pass in.
///
/// The adapter reports what it read, as read: a card UID in hex, an NDEF pass payload, a typed
/// line. The core normalizes it (`PassIdNormalizer`, once, on this side of the seam), applies the
/// rules, commits, and publishes the outcome on the bus; for a pass it cannot read or a store
/// failure it publishes the error and throws. The call may wait for the database (up to its busy
/// timeout), so an adapter that must stay responsive calls it off its own thread.
///
/// `secure` is a tap whose card proved itself (a verified SUN read, pass `SUN:<uid>`); the core
/// refuses a replay of it by its read counter.
public protocol CheckInPort: Sendable {
    func checkIn(pass: String, source: CheckInSource, secure: SecureTap?) throws -> CheckInOutcome
    /// A phone held to the reader: its pass, or why there is none to check in.
    func checkIn(wallet: WalletPresentation) throws -> CheckInOutcome
}

extension CheckInPort {
    public func checkIn(pass: String, source: CheckInSource) throws -> CheckInOutcome {
        try checkIn(pass: pass, source: source, secure: nil)
    }
}

extension Club: CheckInPort {
    public func checkIn(pass: String, source: CheckInSource, secure: SecureTap?) throws -> CheckInOutcome {
        try checkIn(passId: pass, source: source, secure: secure).outcome
    }

    public func checkIn(wallet: WalletPresentation) throws -> CheckInOutcome {
        try checkIn(wallet: wallet, by: nil).outcome
    }
}
