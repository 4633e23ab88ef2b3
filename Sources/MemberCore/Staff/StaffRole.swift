/// What an operator may do at the desk: `desk` runs the counter, `manager` also changes who may
/// come in and moves data in and out (see `StaffPermission`).
public enum StaffRole: String, Sendable, Codable, CaseIterable, Comparable {
    case desk, manager

    public static func < (lhs: StaffRole, rhs: StaffRole) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int { self == .desk ? 0 : 1 }

    /// Parses a role the user typed, or says which ones exist.
    public init(parsing text: String) throws {
        guard let role = StaffRole(rawValue: text.lowercased()) else {
            throw DeskError.invalidInput("unknown role '\(text)' (desk or manager)")
        }
        self = role
    }
}
