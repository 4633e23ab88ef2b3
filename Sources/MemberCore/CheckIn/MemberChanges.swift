/// A change to a member's editable fields; nil leaves a field as it is.
public struct MemberChanges: Sendable {
    public var passId: String?
    public var username: String??
    public var fields: [String: JSONValue]
    public var status: MemberStatus?
    public var expiresAt: Double??
    public var note: String??
    public var plan: PlanChanges
    /// The door's alert, the waiver's day, a minor's guardian (`.some(nil)` clears one).
    public var alert: String??
    public var waiver: CalendarDay??
    public var guardian: String??

    public init(passId: String? = nil, username: String?? = nil, fields: [String: JSONValue] = [:],
                status: MemberStatus? = nil, expiresAt: Double?? = nil, note: String?? = nil,
                plan: PlanChanges = PlanChanges(), alert: String?? = nil, waiver: CalendarDay?? = nil,
                guardian: String?? = nil) {
        self.alert = alert
        self.waiver = waiver
        self.guardian = guardian
        self.plan = plan
        self.passId = passId
        self.username = username
        self.fields = fields
        self.status = status
        self.expiresAt = expiresAt
        self.note = note
    }
}
