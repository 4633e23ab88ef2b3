import Foundation

public enum RefusalReason: String, Sendable, Codable {
    case suspended, expired, capacity, packUsedUp
    /// A SUN read already used (its counter is not above the last accepted one).
    case replay
    /// Not a verified secure card, where one is required.
    case insecure
    /// A phone (its random UID) with no pass of ours: never a member.
    case noWalletPass
    /// Outside opening hours (`[hours]`, `ClosedRule`).
    case closed
    /// Outside the access windows of the member's plan (`AccessHoursRule`).
    case outsideAccessHours
    /// On hold (a freeze: `FreezeRule`).
    case frozen
    /// No valid waiver where one is required (`WaiverRule`), or a minor's without a guardian.
    case waiverNeeded, guardianNeeded
    /// Guests asked for with a host already inside: guests come in with their host's entry (`GuestRule`).
    case hostInside
    /// More guests than the host's monthly allowance has left (`GuestRule`).
    case guestAllowance
    /// A Wallet pass whose credential a later pass replaced, or that was revoked (`PassCredentialRule`).
    case passReplaced, passRevoked
}
