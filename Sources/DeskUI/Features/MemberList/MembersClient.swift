import Foundation
import MemberKit

/// The member list's way to the club: pages, counts and the store's version (the form's reads
/// and writes are `MemberFormClient`'s).
public struct MembersClient: Sendable {
    public var page: @Sendable (MemberPageRequest) throws -> [MemberRow]
    /// Members matching a search (and an expiry window in days), or all of them (nil, nil).
    public var count: @Sendable (_ search: String?, _ expiringDays: Int?) throws -> Int
    /// Moves when another process commits (`AppDatabase.otherConnectionsVersion`).
    public var storeVersion: @Sendable () throws -> Int

    public init(page: @escaping @Sendable (MemberPageRequest) throws -> [MemberRow],
                count: @escaping @Sendable (String?, Int?) throws -> Int,
                storeVersion: @escaping @Sendable () throws -> Int) {
        self.page = page
        self.count = count
        self.storeVersion = storeVersion
    }
}

extension MembersClient {
    public static func live(_ club: Club, clock: any DeskClock) -> MembersClient {
        // An expiry window in days, from now, as the plans read it.
        let window: @Sendable (Int?) -> ClosedRange<Double>? = { days in
            days.map { club.settings.plans.expiring(withinDays: $0, from: clock.now().timeIntervalSince1970) }
        }
        return MembersClient(
            page: { request in try Self.page(club, request, expiring: window(request.expiringDays)) },
            count: { search, days in try club.memberCount(matching: search, expiring: window(days)) },
            storeVersion: { try club.storeVersion() })
    }

    static func page(_ club: Club, _ request: MemberPageRequest, expiring: ClosedRange<Double>?) throws -> [MemberRow] {
        let (search, sort, limit) = (request.search, request.sort, request.limit)
        switch request.kind {
        case .first: return try club.memberPage(matching: search, sort: sort, limit: limit, expiring: expiring)
        case .last: return try club.memberPage(matching: search, sort: sort, direction: .backward, limit: limit, expiring: expiring)
        case .after(let row): return try club.memberPage(matching: search, sort: sort, cursor: row, limit: limit, expiring: expiring)
        case .before(let row):
            return try club.memberPage(matching: search, sort: sort, cursor: row, direction: .backward, limit: limit, expiring: expiring)
        case .at(let offset): return try club.memberPage(matching: search, sort: sort, offset: offset, limit: limit, expiring: expiring)
        }
    }

    /// Every closure fails as unset: a test replaces those its effects reach.
    public static let unimplemented = MembersClient(
        page: { _ in throw ClientUnavailable.unset("members.page") },
        count: { _, _ in throw ClientUnavailable.unset("members.count") },
        storeVersion: { throw ClientUnavailable.unset("members.storeVersion") })
}
