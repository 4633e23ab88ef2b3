import Foundation

/// One member as the store holds it: ClubKit's six fields, the subclass fields as JSON
/// (`fields`), and memberdesk's own additions. Value type, so it crosses threads freely.
public struct MemberRecord: Sendable, Hashable, Codable {
    public var memberId: String
    public var passId: String
    public var username: String?
    public var timeStampAdded: Double
    public var numVisits: Int
    public var timeStampOfLastVisit: Double
    /// Subclass fields (and fields another terminal's subclass had), keyed by name.
    public var fields: [String: JSONValue]
    public var status: MemberStatus
    /// Membership expiry, epoch seconds; nil for no expiry. Setting it sets the expiry anew (holds
    /// made before no longer move it: `HoldExtension`).
    public var expiresAt: Double? {
        didSet { expiryBase = nil }
    }
    /// The expiry as last set, when holds made since have moved `expiresAt` out (nil: none has).
    /// It, not `expiresAt`, is the field that merges, so two desks' holds both extend it.
    package var expiryBase: Double?
    public var note: String?
    /// Last modification time and terminal, for last-writer-wins sync.
    package var modifiedAt: Double
    package var modifiedBy: String
    /// Set when the member was deleted; the row stays as a tombstone for sync.
    package var deletedAt: Double?
    /// When the member was given its current pass by an edit; nil: since it was added.
    package var passSince: Double?
    /// Open, a pack of visits (its balance is in the store's pack counters), or a household.
    public var plan: MemberPlan
    /// For a household member: the memberId of the member whose expiry and pack it shares.
    public var household: String?
    public var birthday: Birthday?
    /// For a household member: its live head's expiry, read by the store with the member (never
    /// written to its row), so its status follows `HouseholdRule.expiresAt` wherever it is shown.
    package var householdExpiresAt: Double?
    /// Each field's own stamp, where it differs from the member's (see `FieldStamps`).
    package var stamps: FieldStamps?
    /// What staff must know at the door ("Unpaid since November"), shown on every tap until
    /// cleared; apart from the private `note`.
    public var alert: String?
    /// Every hold the member was given, ended and cancelled ones too, by id: what merges
    /// (`MemberHold.joined`). `holds` is what they hold.
    public var holdRecords: [MemberHold]
    /// The day the member signed the club's waiver.
    public var waiver: CalendarDay?
    /// A minor's guardian, by name.
    public var guardian: String?
    /// The member's photo: the SHA-256 (lowercase hex) of its stored bytes.
    public var photo: String?
    /// The catalogue plan the member holds (`plans.catalogue`'s name: "ten-pack", "off-peak").
    public var product: String?

    package init(
        memberId: String, passId: String, username: String? = nil,
        timeStampAdded: Double, numVisits: Int = 0, timeStampOfLastVisit: Double = 0,
        fields: [String: JSONValue] = [:], status: MemberStatus = .active, expiresAt: Double? = nil,
        note: String? = nil, modifiedAt: Double, modifiedBy: String, deletedAt: Double? = nil,
        passSince: Double? = nil, plan: MemberPlan = .open, household: String? = nil, birthday: Birthday? = nil,
        householdExpiresAt: Double? = nil, stamps: FieldStamps? = nil,
        alert: String? = nil, holds: [MemberHold] = [], waiver: CalendarDay? = nil, guardian: String? = nil,
        photo: String? = nil, product: String? = nil
    ) {
        self.memberId = memberId
        self.passId = passId
        self.username = username
        self.timeStampAdded = timeStampAdded
        self.numVisits = numVisits
        self.timeStampOfLastVisit = timeStampOfLastVisit
        self.fields = fields
        self.status = status
        self.expiresAt = expiresAt
        self.note = note
        self.modifiedAt = modifiedAt
        self.modifiedBy = modifiedBy
        self.deletedAt = deletedAt
        self.passSince = passSince
        self.plan = plan
        self.household = household
        self.birthday = birthday
        self.householdExpiresAt = householdExpiresAt
        self.stamps = stamps
        self.alert = alert
        self.holdRecords = holds
        self.waiver = waiver
        self.guardian = guardian
        self.photo = photo
        self.product = product
    }

    /// Since when the member has held its pass: the start of its claim on the card when two
    /// members turn out to hold one (see `PassGroup`).
    package var passHeldSince: Double { passSince ?? timeStampAdded }

    public var isDeleted: Bool { deletedAt != nil }

    /// The live holds, merged and in order (`MemberHold.merged`): what the door and the list read.
    public var holds: [MemberHold] { holdRecords.isEmpty ? [] : MemberHold.merged(holdRecords) }

    /// Whether the member has any of the door's and membership's details (most have none).
    package var hasDetails: Bool {
        alert != nil || !holdRecords.isEmpty || waiver != nil || guardian != nil || photo != nil || product != nil
    }

    /// Whether the expiry that applies (its own, or its household head's: `HouseholdRule`) has passed.
    package func isExpired(at time: Double) -> Bool {
        guard let expiresAt = HouseholdRule.expiresAt(self) else { return false }
        return time > expiresAt
    }

    /// The display name: the username, else the pass id.
    public var displayName: String {
        if let username, !username.isEmpty { return username }
        return passId
    }

    /// The value of a ClubKit or subclass field by name, as JSON.
    public func value(forField name: String) -> JSONValue {
        switch name {
        case "memberId": return .string(memberId)
        case "passId": return .string(passId)
        case "username": return username.map(JSONValue.string) ?? .null
        case "timeStampAdded": return .double(timeStampAdded)
        case "numVisits": return .int(numVisits)
        case "timeStampOfLastVisit": return .double(timeStampOfLastVisit)
        default: return fields[name] ?? .null
        }
    }

    /// The ClubKit-shaped object: the six keys, then the subclass fields.
    public func clubKitObject(fieldNames: [String]) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for name in MemberRecord.clubKitFieldNames { object[name] = value(forField: name) }
        for name in fieldNames where object[name] == nil { object[name] = fields[name] ?? .null }
        for (name, value) in fields where object[name] == nil { object[name] = value }
        return object
    }
}

extension MemberRecord {
    /// ClubKit's six key names, in its order: the wire format of .musrl and .mucsv files
    /// (`MembershipUser.baseFieldNames`, in MemberKit, is this list).
    package static let clubKitFieldNames = [
        "memberId", "passId", "username", "timeStampAdded", "numVisits", "timeStampOfLastVisit",
    ]

    /// The field names of the default member type (`CustomMembershipUser.variableNamesAsStrings()`,
    /// which `MembershipUserCodableTests` holds to this): ClubKit's six and an email address.
    public static let defaultFieldNames = clubKitFieldNames + ["userEmailAddress"]
}
