import Foundation
import MemberKit

/// The member list's and the form's way to the club: pages, counts, visits, the store's version,
/// and the form's saves and deletions (the household head named as staff typed it, by `Club`).
public struct MembersClient: Sendable {
    public var page: @Sendable (MemberPageRequest) throws -> [MemberRow]
    /// Members matching a search (and an expiry window in days), or all of them (nil, nil).
    public var count: @Sendable (_ search: String?, _ expiringDays: Int?) throws -> Int
    public var visits: @Sendable (_ memberId: String, _ limit: Int) throws -> [VisitRecord]
    /// The pack's balance, for the form's plan line (nil: not a pack).
    public var visitsLeft: @Sendable (MemberRecord) throws -> Int?
    /// Moves when another process commits (`AppDatabase.otherConnectionsVersion`).
    public var storeVersion: @Sendable () throws -> Int
    /// Adds (no original) or updates a member; returns it as saved.
    public var save: @Sendable (_ original: MemberRecord?, MemberChanges, AuditActor) throws -> MemberRecord
    public var delete: @Sendable (_ memberId: String, AuditActor) throws -> Void

    public init(page: @escaping @Sendable (MemberPageRequest) throws -> [MemberRow],
                count: @escaping @Sendable (String?, Int?) throws -> Int,
                visits: @escaping @Sendable (String, Int) throws -> [VisitRecord],
                visitsLeft: @escaping @Sendable (MemberRecord) throws -> Int?,
                storeVersion: @escaping @Sendable () throws -> Int,
                save: @escaping @Sendable (MemberRecord?, MemberChanges, AuditActor) throws -> MemberRecord,
                delete: @escaping @Sendable (String, AuditActor) throws -> Void) {
        self.page = page
        self.count = count
        self.visits = visits
        self.visitsLeft = visitsLeft
        self.storeVersion = storeVersion
        self.save = save
        self.delete = delete
    }
}

extension MembersClient {
    public static func live(_ club: Club, clock: any DeskClock) -> MembersClient {
        let database = club.database
        // An expiry window in days, from now, as the plans read it.
        let window: @Sendable (Int?) -> ClosedRange<Double>? = { days in
            days.map { club.settings.plans.expiring(withinDays: $0, from: clock.now().timeIntervalSince1970) }
        }
        return MembersClient(
            page: { request in try Self.page(database, request, expiring: window(request.expiringDays)) },
            count: { search, days in
                if let expiring = window(days) { return try database.memberCount(matching: search, expiring: expiring) }
                return search == nil ? try database.memberCount() : try database.memberCount(matching: search)
            },
            visits: { memberId, limit in try database.visits(memberId: memberId, limit: limit) },
            visitsLeft: { member in member.plan == .open ? nil : try database.planStanding(member).visitsLeft },
            storeVersion: { try database.otherConnectionsVersion() },
            save: { original, typed, actor in
                let changes = try club.namingHouseholdHead(typed)
                if let original { return try club.updateMember(id: original.memberId, changes, by: actor) }
                return try club.addMember(passId: changes.passId ?? "", username: changes.username ?? nil,
                                          fields: changes.fields.filter { $0.value != .null },
                                          status: changes.status ?? .active, expiresAt: changes.expiresAt ?? nil,
                                          note: changes.note ?? nil, plan: changes.plan, by: actor)
            },
            delete: { memberId, actor in _ = try club.deleteMember(id: memberId, by: actor) })
    }

    static func page(_ database: AppDatabase, _ request: MemberPageRequest, expiring: ClosedRange<Double>?) throws -> [MemberRow] {
        let (search, sort, limit) = (request.search, request.sort, request.limit)
        switch request.kind {
        case .first: return try database.memberPage(matching: search, sort: sort, limit: limit, expiring: expiring)
        case .last: return try database.memberPage(matching: search, sort: sort, direction: .backward, limit: limit, expiring: expiring)
        case .after(let row): return try database.memberPage(matching: search, sort: sort, cursor: row, limit: limit, expiring: expiring)
        case .before(let row):
            return try database.memberPage(matching: search, sort: sort, cursor: row, direction: .backward, limit: limit, expiring: expiring)
        case .at(let offset): return try database.memberPage(matching: search, sort: sort, offset: offset, limit: limit, expiring: expiring)
        }
    }

    /// Every closure fails as unset: a test replaces those its effects reach.
    public static let unimplemented = MembersClient(
        page: { _ in throw ClientUnavailable.unset("members.page") },
        count: { _, _ in throw ClientUnavailable.unset("members.count") },
        visits: { _, _ in throw ClientUnavailable.unset("members.visits") },
        visitsLeft: { _ in throw ClientUnavailable.unset("members.visitsLeft") },
        storeVersion: { throw ClientUnavailable.unset("members.storeVersion") },
        save: { _, _, _ in throw ClientUnavailable.unset("members.save") },
        delete: { _, _ in throw ClientUnavailable.unset("members.delete") })
}
