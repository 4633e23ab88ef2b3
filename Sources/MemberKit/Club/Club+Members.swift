import Foundation
import GRDB

/// A change to a member's editable fields; nil leaves a field as it is.
public struct MemberChanges: Sendable {
    public var passId: String?
    public var username: String??
    public var fields: [String: JSONValue]
    public var status: MemberStatus?
    public var expiresAt: Double??
    public var note: String??

    public init(passId: String? = nil, username: String?? = nil, fields: [String: JSONValue] = [:],
                status: MemberStatus? = nil, expiresAt: Double?? = nil, note: String?? = nil) {
        self.passId = passId
        self.username = username
        self.fields = fields
        self.status = status
        self.expiresAt = expiresAt
        self.note = note
    }
}

extension Club {
    /// Adds a member with no visits; its pass must be free.
    @discardableResult
    public func addMember(passId raw: String, username: String? = nil, fields: [String: JSONValue] = [:],
                          status: MemberStatus = .active, expiresAt: Double? = nil, note: String? = nil) throws -> MemberRecord {
        let pass = try PassIdNormalizer.normalize(raw)
        let time = clock.now().timeIntervalSince1970
        let member = MemberRecord(passId: pass.passId, username: username ?? pass.username, timeStampAdded: time,
                                  fields: fields, status: status, expiresAt: expiresAt, note: note,
                                  modifiedAt: time, modifiedBy: terminal.id)
        try database.write { db in try AppDatabase.insertMember(db, member) }
        bus.publish(.memberCreated(member))
        return member
    }

    @discardableResult
    public func updateMember(id: String, _ changes: MemberChanges) throws -> MemberRecord {
        let time = clock.now().timeIntervalSince1970
        let passId = try changes.passId.map { try PassIdNormalizer.normalize($0).passId }
        let member = try database.write { db -> MemberRecord in
            guard var member = try AppDatabase.member(db, memberId: id), !member.isDeleted else {
                throw DeskError.notFound("no member \(id)")
            }
            let oldPass = member.passId
            if let passId, passId != member.passId {
                member.passId = passId
                member.passSince = time  // it holds the new card from now, not from when it was added
            }
            if let username = changes.username { member.username = username }
            for (name, value) in changes.fields { member.fields[name] = value }
            if let status = changes.status { member.status = status }
            if let expiresAt = changes.expiresAt { member.expiresAt = expiresAt }
            if let note = changes.note { member.note = note }
            member.modifiedAt = max(time, member.modifiedAt.nextUp)  // every version gets its own stamp
            member.modifiedBy = terminal.id
            try AppDatabase.updateMember(db, member)
            if member.passId != oldPass {
                // Members unified into this one through the old card are their own again, and
                // the new card's former holders are settled with it.
                _ = try PassGroup.settle(db, passId: oldPass, pending: nil)
                _ = try PassGroup.settle(db, passId: member.passId, pending: nil)
                member = try AppDatabase.member(db, memberId: member.memberId) ?? member
            }
            return member
        }
        bus.publish(.memberUpdated(member))
        return member
    }

    /// Deletes a member, keeping a tombstone so that the deletion syncs to other terminals.
    public func deleteMember(id: String) throws {
        let time = clock.now().timeIntervalSince1970
        try database.write { db in
            guard var member = try AppDatabase.member(db, memberId: id), !member.isDeleted else {
                throw DeskError.notFound("no member \(id)")
            }
            member.deletedAt = time
            member.modifiedAt = max(time, member.modifiedAt.nextUp)  // every version gets its own stamp
            member.modifiedBy = terminal.id
            try member.updateByMemberId(db)
        }
        bus.publish(.memberDeleted(memberId: id))
    }
}

/// One accepted check-in, from the audit trail.
public struct VisitRecord: Sendable, Hashable, FetchableRecord {
    public var visitId: String
    public var memberId: String
    public var terminalId: String
    public var time: Double
    public var source: String

    public init(row: Row) throws {
        visitId = row["visitId"]
        memberId = row["memberId"]
        terminalId = row["terminalId"]
        time = row["time"]
        source = row["source"]
    }
}

extension AppDatabase {
    /// A member's visits, newest first.
    public func visits(memberId: String, limit: Int = 100) throws -> [VisitRecord] {
        try read { db in
            try VisitRecord.fetchAll(db, sql: "SELECT * FROM visit WHERE memberId = ? ORDER BY time DESC LIMIT ?",
                                     arguments: [memberId, limit])
        }
    }

    /// The per-terminal counters whose sum is the member's numVisits.
    public func visitCounters(memberId: String) throws -> [String: Int] {
        try read { db in
            var counters: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT terminalId, count FROM visit_counter WHERE memberId = ?",
                                        arguments: [memberId]) {
                counters[row["terminalId"]] = row["count"]
            }
            return counters
        }
    }
}
