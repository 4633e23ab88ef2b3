import Foundation

/// One line of the record of who did what: when, at which desk, which operator (nil: nobody was
/// signed in), how, what, to which member, and a few details (for an edit: field, before, after).
/// Entries are only ever added, here and through sync; `entryId` makes a repeat harmless.
public struct AuditEntry: Sendable, Equatable {
    package var entryId: String
    public var time: Double
    /// The terminal id of the desk that wrote it, and that desk's name then.
    public var deskId: String
    package var desk: String
    public var `operator`: String?
    public var method: AuditMethod
    public var action: AuditAction
    public var memberId: String?
    public var detail: [String: String]

    /// A new entry's id: the time in milliseconds (12 hex digits), then `unique` (an `IdSource`'s id,
    /// or a digest for a derived line). Ids that grow with time land at the end of the unique index
    /// instead of on a random page of it: every tap writes one, and each page a commit touches is a page more to write.
    package static func newId(at time: Double, unique: String) -> String {
        let milliseconds = String(UInt64(max(0, min(time, 1e14)) * 1000), radix: 16)
        return String(repeating: "0", count: max(0, 12 - milliseconds.count)) + milliseconds + "-" + unique
    }

    package init(entryId: String, time: Double, deskId: String, desk: String, operator: String?, method: AuditMethod,
                action: AuditAction, memberId: String? = nil, detail: [String: String] = [:]) {
        self.entryId = entryId
        self.time = time
        self.deskId = deskId
        self.desk = desk
        self.operator = `operator`
        self.method = method
        self.action = action
        self.memberId = memberId
        self.detail = detail
    }
}

/// How an action reached the desk.
public enum AuditMethod: String, Sendable, Codable, CaseIterable {
    case tap, wedge, manual, script, auto, `import`, sync, cli, wallet

    /// The method of a check-in from `source`.
    public init(_ source: CheckInSource) {
        switch source {
        case .nfc: self = .tap
        case .wedge: self = .wedge
        case .manual: self = .manual
        case .script: self = .script
        case .wallet: self = .wallet
        }
    }
}

/// What was done. The raw values are what `memberdesk audit --action` takes.
public enum AuditAction: String, Sendable, Codable, CaseIterable {
    case visit, exit, manualCheckIn = "manual-checkin", override, enrol, edit, suspend, reinstate, delete
    /// Guests who left without their host (`checkout MEMBER --guests N`).
    case guestsLeft = "guests-left"
    /// A Wallet pass revoked (`wallet revoke`): refused at the reader from then on.
    case passRevoke = "pass-revoke"
    case `import`, export, restore
    case signIn = "sign-in", signInFailed = "sign-in-failed", lockout
    /// A manager's PIN given for one action at the desk (what for: the detail `for`).
    case approve = "approval"
    case staffAdd = "staff-add", staffRemove = "staff-remove", staffPIN = "staff-pin", staffCard = "staff-card"
    /// A deleted member's personal data erased (`members purge`); its other entries keep no detail.
    case purge
    /// A hold put on a member, or ended early.
    case freeze, unfreeze
    /// Two desks edited one field of a member before they synced: the value the merge overwrote.
    case conflict
    /// A member refused at the door by a rule (the rule's reason in the detail `reason`).
    case refusal
    /// A catalogue plan sold to a member (`members sell`): plan, kind, price, currency and member in the detail.
    case sale

    public init(parsing text: String) throws {
        guard let action = AuditAction(rawValue: text.lowercased()) else {
            throw DeskError.invalidInput("unknown action '\(text)' (\(AuditAction.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self = action
    }
}
