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

    /// "Off-peak": the name as staff read it at the start of a line.
    package var shownName: String { name.prefix(1).uppercased() + name.dropFirst() }
}
