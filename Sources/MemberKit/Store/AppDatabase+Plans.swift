import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// Plans: the per-desk pack counters, their balance, households, and the listings the manager
/// calls members from (`--expiring`, `--pack-below`).
extension AppDatabase {
    /// A member's pack counters, by desk.
    package func packCounters(memberId: String) throws -> [String: PackCounter] {
        try read { store in try store.packCounters(memberId: memberId) }
    }

    /// What the door and the listings say of a member's plan (the head's expiry and pack for a household).
    public func planStanding(_ member: MemberRecord) throws -> PlanStanding {
        try read { store in try store.planStanding(member) }
    }

    /// Live members whose expiry (their own, or their household head's) falls between `from` and
    /// `through`, soonest first.
    public func membersExpiring(from: Double, through: Double, limit: Int = 1000) throws -> [MemberRecord] {
        try read { store in try store.membersExpiring(from: from, through: through, limit: limit) }
    }

    /// Live pack members whose balance is below `visits`, lowest first.
    public func membersWithPack(below visits: Int, limit: Int = 1000) throws -> [MemberRecord] {
        try read { store in
            try store.members(store.db.cachedStatement(sql: """
                SELECT \(MemberColumns.list(of: "m")) FROM member m
                LEFT JOIN pack_balance b ON b.memberId = m.memberId
                WHERE m.deletedAt IS NULL AND m.plan = 'pack' AND coalesce(b.balance, 0) < ?
                ORDER BY coalesce(b.balance, 0), m.id LIMIT ?
                """), arguments: [visits, limit])
        }
    }
}

extension StoreTransaction {
    func packCounters(memberId: String) throws -> [String: PackCounter] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT terminalId, added, used FROM pack_counter WHERE memberId = ?"),
                                       arguments: [memberId])
        var counters: [String: PackCounter] = [:]
        while let row = try rows.next() { counters[row[0]] = PackCounter(added: row[1], used: row[2]) }
        return counters
    }

    /// Sum of added less sum of used (kept in `pack_balance` by triggers).
    func packBalance(memberId: String) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT balance FROM pack_balance WHERE memberId = ?"), arguments: [memberId]) ?? 0
    }

    /// Adds to this desk's counters of a member's pack. A counter that would pass
    /// `PackCounter.maximum` is refused.
    func addToPack(memberId: String, terminalId: String, added: Int = 0, used: Int = 0) throws {
        precondition(added >= 0 && used >= 0)
        let current = try packCounters(memberId: memberId)[terminalId] ?? PackCounter()
        guard current.added + added <= PackCounter.maximum, current.used + used <= PackCounter.maximum else {
            throw DeskError.invalidInput("this desk has counted \(PackCounter.maximum) visits on the pack: no more fit")
        }
        try db.cachedStatement(sql: """
            INSERT INTO pack_counter(memberId, terminalId, added, used) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT(memberId, terminalId) DO UPDATE SET added = added + ?3, used = used + ?4
            """).execute(arguments: [memberId, terminalId, added, used])
    }

    /// One visit of a member's pack used at this desk: the tap's one statement (a counter cannot
    /// reach a wrap with one step at a time from `PackCounter.maximum`).
    func usePackVisit(memberId: String, terminalId: String) throws {
        try db.cachedStatement(sql: """
            INSERT INTO pack_counter(memberId, terminalId, added, used) VALUES (?, ?, 0, 1)
            ON CONFLICT(memberId, terminalId) DO UPDATE SET used = used + 1
            """).execute(arguments: [memberId, terminalId])
    }

    /// Raises a desk's counters of a member's pack to `counter` (merged by max, never lowered).
    func raisePackCounter(memberId: String, terminalId: String, to counter: PackCounter) throws {
        try db.cachedStatement(sql: """
            INSERT INTO pack_counter(memberId, terminalId, added, used) VALUES (?, ?, ?, ?)
            ON CONFLICT(memberId, terminalId) DO UPDATE SET added = max(added, excluded.added), used = max(used, excluded.used)
            WHERE excluded.added > added OR excluded.used > used
            """).execute(arguments: [memberId, terminalId, counter.added, counter.used])
    }

    /// The live members in the household of `headId`.
    func householdMembers(of headId: String) throws -> [MemberRecord] {
        try members(db.cachedStatement(sql: """
            SELECT \(MemberColumns.list) FROM member WHERE household = ? AND deletedAt IS NULL ORDER BY id
            """), arguments: [headId])
    }

    /// The member whose plan applies to `member`: its household's live head, else itself.
    func planHolder(of member: MemberRecord) throws -> MemberRecord {
        guard member.plan == .household, let headId = member.household, headId != member.memberId,
              let head = try self.member(memberId: headId), !head.isDeleted else { return member }
        return head
    }

    func planStanding(_ member: MemberRecord) throws -> PlanStanding {
        let holder = try planHolder(of: member)
        let balance = holder.plan == .pack ? try packBalance(memberId: holder.memberId) : nil
        return PlanStanding(member: member, holder: holder, visitsLeft: balance)
    }

    func membersExpiring(from: Double, through: Double, limit: Int) throws -> [MemberRecord] {
        // The expiry index gives the members (and heads) expiring; the household index their households.
        try members(db.cachedStatement(sql: """
            WITH due AS (
                SELECT memberId, expiresAt FROM member
                WHERE expiresAt IS NOT NULL AND deletedAt IS NULL AND expiresAt >= ?1 AND expiresAt <= ?2
                ORDER BY expiresAt LIMIT ?3
            )
            SELECT \(MemberColumns.list(of: "m")) FROM (
                SELECT m.id AS rid, d.expiresAt AS due FROM due d JOIN member m ON m.memberId = d.memberId
                UNION
                SELECT h.id, d.expiresAt FROM due d JOIN member h ON h.household = d.memberId
                WHERE h.plan = 'household' AND h.deletedAt IS NULL
            ) x JOIN member m ON m.id = x.rid
            ORDER BY x.due, m.id LIMIT ?3
            """), arguments: [from, through, limit])
    }
}

extension StoreTransaction {
    /// `HouseholdRule`'s answer for a member about to be stored: what it points at, and who points at it.
    func householdProblem(_ member: MemberRecord) throws -> String? {
        guard member.plan == .household else { return nil }
        let facts = try memberPlanFacts(member, readsPack: false)
        return HouseholdRule.problem(member, head: facts.head, hasMembers: facts.hasHouseholdMembers)
    }
}
