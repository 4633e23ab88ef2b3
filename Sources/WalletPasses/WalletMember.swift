import Foundation
import MemberKit

/// What a pass shows of a member, read once from the store: both wallets' passes are built from it.
public struct WalletMember: Sendable, Equatable {
    /// The pass's state: Apple voids a pass that is not `active` or `expired`; Google names all three.
    public enum State: String, Sendable, Equatable {
        case active = "ACTIVE"
        case expired = "EXPIRED"
        /// Suspended or deleted.
        case inactive = "INACTIVE"
    }

    public var memberId: String
    /// The pass id: the QR code's message, NFC's and Smart Tap's value: the pass's own credential
    /// when it is issued (`MemberWallet.walletMember(_:issuing:)`), never the card's UID.
    public var passId: String
    public var name: String
    public var email: String?
    /// "Open", "Pack · 7 visits left", "Household".
    public var plan: String
    /// The expiry that applies (a household's head's when earlier), nil for none.
    public var expiresAt: Date?
    public var state: State
    /// When the plan lets the member in, for a plan with access windows ("Off-peak: Mon–Fri
    /// 09:00–16:00"): the windows the door keeps (`PlanAccess`), so the pass says what the door does.
    public var hours: String?

    public init(memberId: String, passId: String, name: String, email: String? = nil, plan: String = "Open",
                expiresAt: Date? = nil, state: State = .active, hours: String? = nil) {
        self.memberId = memberId
        self.passId = passId
        self.name = name
        self.email = email
        self.plan = plan
        self.expiresAt = expiresAt
        self.state = state
        self.hours = hours
    }

    /// `standing`: the store's plan standing (nil for an open member); `catalogue`: the plans the
    /// club sells, whose access windows the pass shows.
    public init(_ member: MemberRecord, standing: PlanStanding?, now: Date, catalogue: PlanCatalogue = PlanCatalogue()) {
        let expiresAt = standing?.expiresAt ?? member.expiresAt
        let state: State
        if member.isDeleted || member.status == .suspended {
            state = .inactive
        } else if let expiresAt, now.timeIntervalSince1970 > expiresAt {
            state = .expired
        } else {
            state = .active
        }
        let plan: String
        switch member.plan {
        case .open: plan = "Open"
        case .pack: plan = standing?.visitsLeft.map { "Pack · \(CountText.of($0, "visit")) left" } ?? "Pack"
        case .household: plan = "Household"
        }
        let email = member.fields["userEmailAddress"].flatMap { value -> String? in
            if case .string(let text) = value, !text.isEmpty { return text }
            return nil
        }
        let access = PlanAccess.of(member, standing: standing, catalogue: catalogue)
        self.init(memberId: member.memberId, passId: member.passId, name: member.displayName, email: email, plan: plan,
                  expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) }, state: state,
                  hours: access.map { "\($0.shownName): \($0.windows.shown)" })
    }
}
