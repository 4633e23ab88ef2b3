/// A change to a member's plan, pack and birthday; nil leaves a part as it is.
public struct PlanChanges: Sendable, Equatable {
    public var plan: MemberPlan?
    /// Set the pack's balance to this many visits (0 or more).
    var visits: Int?
    /// Add this many visits to the pack (1 or more).
    public var addVisits: Int?
    /// The memberId of the household's head (`.some(nil)` leaves the household).
    public var household: String??
    public var birthday: Birthday??

    public init(plan: MemberPlan? = nil, visits: Int? = nil, addVisits: Int? = nil, household: String?? = nil,
                birthday: Birthday?? = nil) {
        self.plan = plan
        self.visits = visits
        self.addVisits = addVisits
        self.household = household
        self.birthday = birthday
    }

    package var isEmpty: Bool { self == PlanChanges() }

    /// The most visits one edit may set or add.
    public static let maximumVisits = 100_000

    /// The member with the plan, household and birthday changed (not the pack: its counters are
    /// the store's). A pack top-up or a household implies that plan when none is given; another
    /// plan leaves the household.
    package func applied(to member: MemberRecord) throws(PlanEditError) -> MemberRecord {
        var member = member
        if let visits, !(0...Self.maximumVisits).contains(visits) {
            throw PlanEditError(.visits, "must be 0 to \(Self.maximumVisits), not \(visits)")
        }
        if let addVisits, !(1...Self.maximumVisits).contains(addVisits) {
            throw PlanEditError(.addVisits, "must be 1 to \(Self.maximumVisits), not \(addVisits)")
        }
        if let plan {
            member.plan = plan
        } else if case .some(.some) = household {
            member.plan = .household
        } else if visits != nil || addVisits != nil, member.plan == .open {
            member.plan = .pack
        }
        if let household { member.household = household }
        if member.plan != .household { member.household = nil }
        if member.plan == .household, visits != nil || addVisits != nil {
            throw PlanEditError(visits != nil ? .visits : .addVisits, "a household member uses its head's pack: top up the head")
        }
        if let birthday { member.birthday = birthday }
        return member
    }
}

/// A plan edit that cannot be made: which part (the CLI names its option, the form its field) and why.
public struct PlanEditError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Part: String, Sendable { case plan, visits, addVisits, household, birthday }
    public var part: Part
    public var reason: String

    package init(_ part: Part, _ reason: String) {
        self.part = part
        self.reason = reason
    }

    public var description: String { "\(part.rawValue): \(reason)" }
}
