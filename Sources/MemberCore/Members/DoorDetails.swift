/// What the door must know of a member from the day it is added: its alert, the day its waiver
/// was signed, a minor's guardian (`members add --alert/--waiver/--guardian`). nil or empty: none.
public struct DoorDetails: Sendable, Equatable {
    public var alert: String?
    public var waiver: CalendarDay?
    public var guardian: String?

    public init(alert: String? = nil, waiver: CalendarDay? = nil, guardian: String? = nil) {
        self.alert = alert
        self.waiver = waiver
        self.guardian = guardian
    }

    /// The new member with these details, each checked by the one text rule as an edit's would be.
    package func applied(to member: MemberRecord) throws -> MemberRecord {
        var member = member
        if let alert, !alert.isEmpty {
            try MemberFieldRules.validateAlert(alert)
            member.alert = alert
        }
        if let guardian, !guardian.isEmpty {
            try MemberFieldRules.validateName(guardian, field: "guardian")
            member.guardian = guardian
        }
        member.waiver = waiver
        return member
    }
}
