import Foundation

/// A way in, as the core sees it before the store reads anything: the pass (normalized), where
/// and when it came from, who is recorded, and the desk's settings. Time and ids come in as values.
package struct CheckInRequest: Sendable {
    /// Which rules run: a tap's (or an enrolment's), or staff's "let in anyway".
    package enum Mode: Sendable {
        /// `CheckInRules` in order; `unknown` says what an unknown pass does.
        case rules(unknown: EnrolmentRule.Request)
        /// Counts a visit the rules refused, recorded as an `override` with the refusal.
        case override
    }

    package var pass: NormalizedPass
    package var source: CheckInSource
    package var now: Date
    package var desk: TerminalIdentity
    package var settings: ClubSettings
    package var mode: Mode
    package var actor: AuditActor
    package var secure: SecureTap?
    /// A phone's pass: which wallet, and its cryptogram's digest to claim in the transaction.
    package var wallet: (kind: WalletKind?, digest: [UInt8])?
    /// Taps go in the audit record (only the bench turns it off).
    package var recordsCheckIns: Bool
    /// The new entry's, exit's, member's and audit line's ids.
    package var ids: IdSource
    /// Guests who come in with the member (`checkin --guests`, the desk's `g`): on its entry.
    package var guests: Int = 0

    package var time: Double { now.timeIntervalSince1970 }

    package init(pass: NormalizedPass, source: CheckInSource, now: Date, desk: TerminalIdentity, settings: ClubSettings,
                 mode: Mode, actor: AuditActor, ids: IdSource, secure: SecureTap? = nil,
                 wallet: (kind: WalletKind?, digest: [UInt8])? = nil, recordsCheckIns: Bool = true) {
        self.pass = pass
        self.source = source
        self.now = now
        self.desk = desk
        self.settings = settings
        self.mode = mode
        self.actor = actor
        self.secure = secure
        self.wallet = wallet
        self.recordsCheckIns = recordsCheckIns
        self.ids = ids
    }
}
