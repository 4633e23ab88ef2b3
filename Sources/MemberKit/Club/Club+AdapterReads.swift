import Foundation

/// The reads the adapters make (the desk's clients, wallet passes), so that none of them holds
/// the store: each is one store read, named for what it returns. Writes go through `Club`'s operations.
extension Club {
    /// A member by id, a deleted one too (its wallet pass is then voided).
    public func member(id: String) throws -> MemberRecord? {
        try database.member(id: id)
    }

    /// One page of live members by keyset (`AppDatabase.memberPage`).
    public func memberPage(matching text: String? = nil, sort: MemberSort = .name, cursor: MemberRow? = nil,
                           direction: PageDirection = .forward, offset: Int = 0, limit: Int = 100,
                           expiring: ClosedRange<Double>? = nil) throws -> [MemberRow] {
        try database.memberPage(matching: text, sort: sort, cursor: cursor, direction: direction, offset: offset,
                                limit: limit, expiring: expiring)
    }

    /// How many live members match `text` (nil: all) and, when given, expire in `expiring`.
    public func memberCount(matching text: String? = nil, expiring: ClosedRange<Double>? = nil) throws -> Int {
        if let expiring { return try database.memberCount(matching: text, expiring: expiring) }
        return text == nil ? try database.memberCount() : try database.memberCount(matching: text)
    }

    /// Moves when another process commits (`AppDatabase.otherConnectionsVersion`).
    public func storeVersion() throws -> Int {
        try database.otherConnectionsVersion()
    }

    /// What the door and the listings say of a member's plan (the head's for a household).
    public func planStanding(_ member: MemberRecord) throws -> PlanStanding {
        try database.planStanding(member)
    }

    /// A member's newest visits, newest first.
    public func visits(memberId: String, limit: Int = 100) throws -> [VisitRecord] {
        try database.visits(memberId: memberId, limit: limit)
    }

    /// The live operators, by name.
    public func staffAccounts() throws -> [StaffAccount] {
        try database.staff()
    }

    /// This desk's stats at `now`, days by the club's calendar.
    public func deskStats(at now: Date) throws -> DeskStats {
        try database.stats(now: now, desk: terminal.id, calendar: settings.occupancy.calendar)
    }

    /// Audit entries matching `query`.
    public func auditEntries(_ query: AuditQuery) throws -> [AuditEntry] {
        try database.auditEntries(query)
    }

    /// The names of members and desks an audit or visit list refers to.
    public func recordNames(memberIds: Set<String>) throws -> RecordNames {
        try database.recordNames(memberIds: memberIds)
    }
}
