import Foundation

/// ClubKit's member model. The six key names and their types are the wire format of
/// ClubKit's .musrl and .mucsv files: keep them exactly.
///
/// Subclass it the way ClubKit does: add Codable properties, and override
/// `variableNamesAsStrings()` to return super's names followed by the subclass's own.
open class MembershipUser: Codable, @unchecked Sendable {
    open var memberId: String
    open var passId: String
    open var username: String?
    open var timeStampAdded: Double
    open var numVisits: Int
    open var timeStampOfLastVisit: Double

    package init(
        memberId: String,
        passId: String,
        username: String? = nil,
        timeStampAdded: Double,
        numVisits: Int = 0,
        timeStampOfLastVisit: Double = 0
    ) {
        self.memberId = memberId
        self.passId = passId
        self.username = username
        self.timeStampAdded = timeStampAdded
        self.numVisits = numVisits
        self.timeStampOfLastVisit = timeStampOfLastVisit
    }

    private enum CodingKeys: String, CodingKey {
        case memberId, passId, username, timeStampAdded, numVisits, timeStampOfLastVisit
    }

    public required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        memberId = try container.decode(String.self, forKey: .memberId)
        passId = try container.decode(String.self, forKey: .passId)
        username = try container.decodeIfPresent(String.self, forKey: .username)
        timeStampAdded = try container.decode(Double.self, forKey: .timeStampAdded)
        numVisits = try container.decode(Int.self, forKey: .numVisits)
        timeStampOfLastVisit = try container.decode(Double.self, forKey: .timeStampOfLastVisit)
    }

    open func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(memberId, forKey: .memberId)
        try container.encode(passId, forKey: .passId)
        // ClubKit's JSONEncoder writes a nil username as null; keep the key present.
        try container.encode(username, forKey: .username)
        try container.encode(timeStampAdded, forKey: .timeStampAdded)
        try container.encode(numVisits, forKey: .numVisits)
        try container.encode(timeStampOfLastVisit, forKey: .timeStampOfLastVisit)
    }

    /// The field names in column order; listings and exports learn their columns from this.
    open class func variableNamesAsStrings() -> [String] {
        MembershipUser.baseFieldNames
    }

    /// ClubKit's six key names (their one home is the core's `MemberRecord.clubKitFieldNames`).
    public static let baseFieldNames = MemberRecord.clubKitFieldNames
}

/// The member type memberdesk uses by default: ClubKit's model plus an email address.
open class CustomMembershipUser: MembershipUser, @unchecked Sendable {
    open var userEmailAddress: String?

    package init(
        memberId: String,
        passId: String,
        username: String? = nil,
        userEmailAddress: String? = nil,
        timeStampAdded: Double,
        numVisits: Int = 0,
        timeStampOfLastVisit: Double = 0
    ) {
        self.userEmailAddress = userEmailAddress
        super.init(memberId: memberId, passId: passId, username: username, timeStampAdded: timeStampAdded,
                   numVisits: numVisits, timeStampOfLastVisit: timeStampOfLastVisit)
    }

    private enum CodingKeys: String, CodingKey { case userEmailAddress }

    public required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userEmailAddress = try container.decodeIfPresent(String.self, forKey: .userEmailAddress)
        try super.init(from: decoder)
    }

    open override func encode(to encoder: Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userEmailAddress, forKey: .userEmailAddress)
    }

    open override class func variableNamesAsStrings() -> [String] {
        super.variableNamesAsStrings() + ["userEmailAddress"]
    }
}
