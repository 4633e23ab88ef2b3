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
    /// The member's photo, by its stored file's SHA-256 (`.some(nil)` removes it).
    public var photo: String??
    /// A freeze to add (the desk's form): not an edit of the member's fields but `Club.freezeMember`,
    /// run after the edit, with its own rules and record.
    public var addHold: MemberHold?
    /// An image file to make the member's photo of (the desk's form): the desk's photo intake stores
    /// it first, and the edit then points `photo` at what it stored.
    public var photoFile: String?

    public init(passId: String? = nil, username: String?? = nil, fields: [String: JSONValue] = [:],
                status: MemberStatus? = nil, expiresAt: Double?? = nil, note: String?? = nil,
                plan: PlanChanges = PlanChanges(), alert: String?? = nil, waiver: CalendarDay?? = nil,
                guardian: String?? = nil, photo: String?? = nil) {
        self.alert = alert
        self.photo = photo
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
