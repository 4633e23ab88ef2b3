/// The access windows of the plan a member comes on (its household head's for a household
/// member), with the plan's name, for `AccessHoursRule`.
public struct PlanAccess: Sendable, Hashable {
    /// The plan's name in the catalogue ("off-peak").
    package var name: String
    package var windows: WeeklyHours

    package init(name: String, windows: WeeklyHours) {
        self.name = name
        self.windows = windows
    }

    /// The windows of the plan sold to the member (`MemberRecord.product`), or to its household's
    /// head for a household member; nil when that plan has none (or is not in the catalogue).
    package static func of(_ member: MemberRecord, standing: PlanStanding?, catalogue: PlanCatalogue) -> PlanAccess? {
        guard let name = (standing?.holder ?? member).product, let windows = catalogue.product(named: name)?.access else { return nil }
        return PlanAccess(name: name, windows: windows)
    }

    /// "Off-peak": the name as staff read it at the start of a line.
    package var shownName: String { name.prefix(1).uppercased() + name.dropFirst() }
}
