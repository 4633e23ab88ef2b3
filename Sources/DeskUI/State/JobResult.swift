import MemberKit

/// What a finished (or progressing) job hands back to the reducer. Errors arrive as the text staff see.
/// A feature's results are one case of its own enum (`.audit(.loaded(…))`).
public enum JobResult: Sendable, Equatable {
    case page([MemberRow], for: MemberPageRequest)
    /// The page was not read: superseded by a newer listing (nil), or failed.
    case pageFailed(MemberPageRequest, error: String?)
    case counted(generation: Int, matching: Int?, all: Int?)
    /// A count could not be read: said once; the next change asks again.
    case countFailed(generation: Int, error: String)
    /// Who is inside, for the change `generation` followed; `members` nil when not asked for.
    case insideCounted(generation: Int, count: Int, members: [InsideMember]?)
    case insideFailed(String)
    case checkOutFailed(String)
    /// The store's version as other processes' commits move it (nil: the probe failed).
    case storeProbed(version: Int?)
    /// The store could not be asked: said in the log when the reason is new, not at every probe.
    case storeProbeFailed(String)
    case checkInFailed(String)
    /// F4's text is no member's pass but names these members (by the search's rule).
    case typedNames(typed: String, members: [MemberRecord])
    case enrolFailed(String)
    /// A member's recent visits, and its pack's balance when its plan is a pack (for the form).
    case visits([VisitRecord], memberId: String, visitsLeft: Int?)
    case saved
    case saveFailed(String)
    case deleteFailed(String)
    case signedIn(StaffAccount)
    /// `usesATry`: a wrong PIN (a name or card that named no operator tested none).
    case signInFailed(String, usesATry: Bool)
    case operators([OperatorChoice])
    /// A job with no pane of its own to show its failure (the audit's lockout entry, the sign-in's
    /// list of operators, a form's visits): the event log says it.
    case failed(job: String, error: String)
    // The features' own, each routed back to the feature whose job it answers (`AuditFeature`).
    case audit(AuditResult)
    case stats(StatsResult)
    case wallet(WalletResult)
    case regions(RegionsResult)
    case imports(ImportResult)
    case export(ExportResult)
}

/// An operator as the sign-in offers it: the name, and the role (the manager's PIN offers managers).
public struct OperatorChoice: Sendable, Equatable {
    public var name: String
    public var role: StaffRole

    public init(name: String, role: StaffRole) {
        self.name = name
        self.role = role
    }
}
