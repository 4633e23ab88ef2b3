import Foundation

public enum CheckInOutcome: Sendable, Equatable {
    case checkedIn(MemberRecord, visitNumber: Int)
    /// Seen again within the debounce window: not counted. `since` is seconds since the counted visit.
    case duplicate(MemberRecord, since: TimeInterval)
    /// A tap again within the minimum stay of the member's own exit tap: the same exit, not an
    /// entry. The member stays outside. `since` is seconds since that exit.
    case duplicateExit(MemberRecord, since: TimeInterval)
    case enrolled(MemberRecord)
    case refused(MemberRecord, reason: RefusalReason)
    case unknownPass(String)
    /// An exit: the member was inside for `stay` seconds. No visit is counted.
    case checkedOut(MemberRecord, stay: TimeInterval)
    /// An exit asked for a member who is not inside: nothing changes.
    case notInside(MemberRecord)
    /// `left` of the member's guests left without it (0: none was inside, nothing changes);
    /// `stillInside` of them stay with it.
    case guestsLeft(MemberRecord, left: Int, stillInside: Int)
    /// An operator's staff card, offered as a member card: refused, never enrolled (the desk
    /// signs its holder in instead).
    case staffCard(String)
    /// The card itself is refused before any member is looked at: a replayed SUN read, or a card
    /// that proves nothing where proof is required (`replay`, `insecure`).
    case cardRefused(String, reason: RefusalReason)
    /// A phone at the reader that gave no pass to check in (none of ours, a stale or replayed
    /// cryptogram, a confirmation pending): no member, nothing written. `organization` names the club.
    case walletRefused(WalletRefusal, organization: String)

    /// The outcome's name in JSON output.
    public var name: String {
        switch self {
        case .checkedIn: return "checkedIn"
        case .duplicate, .duplicateExit: return "duplicate"
        case .enrolled: return "enrolled"
        case .refused: return "refused"
        case .unknownPass: return "unknownPass"
        case .checkedOut: return "checkedOut"
        case .notInside: return "notInside"
        case .guestsLeft: return "guestsLeft"
        case .staffCard: return "staffCard"
        case .cardRefused, .walletRefused: return "refused"
        }
    }

    public var member: MemberRecord? {
        switch self {
        case .checkedIn(let m, _), .duplicate(let m, _), .duplicateExit(let m, _), .enrolled(let m), .refused(let m, _),
             .checkedOut(let m, _), .notInside(let m), .guestsLeft(let m, _, _): return m
        case .unknownPass, .staffCard, .cardRefused, .walletRefused: return nil
        }
    }

    /// Checked in, duplicate (of an entry: the member is inside) or enrolled: the person may come in.
    public var isAdmitted: Bool {
        switch self {
        case .checkedIn, .duplicate, .enrolled: return true
        case .refused, .unknownPass, .checkedOut, .duplicateExit, .notInside, .staffCard, .cardRefused, .walletRefused, .guestsLeft:
            return false
        }
    }

    /// Admitted, or checked out (or its repeat): the tap went through (the reader's accept beep, exit status 0).
    public var isAccepted: Bool {
        switch self {
        case .checkedOut, .duplicateExit: return true
        case .guestsLeft(_, let left, _): return left > 0
        default: return isAdmitted
        }
    }

    /// An entry: the member is inside after it.
    package var isEntry: Bool {
        switch self {
        case .checkedIn, .enrolled: return true
        default: return false
        }
    }

    /// The line staff read.
    public var message: String {
        let parts = messageParts
        return parts.before + parts.name + parts.after
    }

    /// The line staff read, around the member's name: a screen too narrow for it all cuts the
    /// name, never the words after it ("— visit #3").
    package var messageParts: (before: String, name: String, after: String) {
        switch self {
        case .checkedIn(let m, 1): return (N_("Welcome, "), m.displayName, N_(" — first visit"))
        case .checkedIn(let m, let n): return (N_("Welcome back, "), m.displayName, " — visit #\(n)")
        case .duplicate(_, let since): return ("Already checked in \(Self.describe(seconds: since)) ago", "", "")
        case .duplicateExit(_, let since): return ("Already checked out \(Self.describe(seconds: since)) ago", "", "")
        case .enrolled(let m): return (N_("Welcome, "), m.displayName, N_(" — new member, visit #1"))
        case .refused(_, .suspended): return (N_("Suspended"), "", "")
        case .refused(_, .expired): return (N_("Membership expired"), "", "")
        case .unknownPass: return (N_("Unknown card"), "", "")
        case .refused(_, .capacity): return (N_("Full"), "", "")
        // Each front end says how to sell one (`CheckInReport.message(sellPack:)`).
        case .refused(_, .packUsedUp): return (N_("Pack used up — sell a new pack"), "", "")
        // The rule's own line says when (`CheckInReport.refusalLine`): these are what is left without it.
        case .refused(_, .closed): return (N_("Closed"), "", "")
        case .refused(_, .outsideAccessHours): return (N_("Outside the plan's access hours"), "", "")
        case .refused(_, .frozen): return (N_("Frozen"), "", "")
        case .refused(_, .waiverNeeded): return (N_("Waiver needed"), "", "")
        case .refused(_, .guardianNeeded): return (N_("Guardian needed"), "", "")
        case .refused(_, .hostInside): return (N_("Already inside — guests come in with their host"), "", "")
        case .refused(_, .guestAllowance): return (N_("Guest allowance used"), "", "")
        case .checkedOut(let m, let stay): return (N_("Goodbye, "), m.displayName, " — \(Self.describeStay(seconds: stay))")
        case .notInside(let m): return ("", m.displayName, N_(" is not inside"))
        case .guestsLeft(let m, 0, _): return (N_("No guests of "), m.displayName, N_(" are inside"))
        case .guestsLeft(let m, let left, let still):
            return (CountText.of(left, "guest") + " of ", m.displayName, " left" + (still > 0 ? " — \(still) still inside" : ""))
        case .staffCard: return (N_("Staff card: not a member card (sign in with it at the desk)"), "", "")
        case .cardRefused(_, .replay): return (N_("Card refused: this read was used before (a copied card?)"), "", "")
        case .cardRefused(_, .insecure): return (N_("Card refused: not a secure card"), "", "")
        case .cardRefused(_, .noWalletPass): return (N_("No pass of ours on this phone: open the club's pass in Wallet"), "", "")
        case .cardRefused(_, .passReplaced): return (N_("This pass was replaced; open the new one"), "", "")
        case .cardRefused(_, .passRevoked): return (N_("This pass was revoked: the member's card still works"), "", "")
        case .cardRefused(_, let reason): return ("Card refused (\(reason.rawValue))", "", "")
        case .refused(_, .replay), .refused(_, .insecure), .refused(_, .noWalletPass), .refused(_, .passReplaced),
             .refused(_, .passRevoked): return (N_("Card refused"), "", "")
        case .walletRefused(.noWalletPass, let organization):
            return ("No \(organization.isEmpty ? "club" : organization) pass on this phone", "", "")
        case .walletRefused(.confirmOnPhone, _): return (N_("Confirm on the phone, then hold it here again"), "", "")
        case .walletRefused(.choosePassOnPhone, _): return (N_("Choose the pass on the phone, then hold it here again"), "", "")
        case .walletRefused(.stale, _): return (N_("The phone's pass is out of date: check the phone's clock, then hold it here again"), "", "")
        case .walletRefused(.replay, _): return (N_("This pass was read before (a copy?): refused"), "", "")
        }
    }

    /// "40 s", "25 min", "1 h 25 min".
    public static func describeStay(seconds: TimeInterval) -> String {
        let s = max(0, Int(seconds.rounded(.down)))
        if s < 3600 { return describe(seconds: seconds) }
        let minutes = (s % 3600) / 60
        return minutes == 0 ? "\(s / 3600) h" : "\(s / 3600) h \(minutes) min"
    }

    /// "Full (80/80)": a capacity refusal, or the warning that let one more in, with the count.
    package static func describeFull(inside: Int, capacity: Int) -> String {
        "Full (\(CountText.grouped(inside))/\(CountText.grouped(capacity)))"
    }

    /// "40 s", "3 min", "2 h".
    public static func describe(seconds: TimeInterval) -> String {
        let s = max(0, Int(seconds.rounded(.down)))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min" }
        return "\(s / 3600) h"
    }
}
