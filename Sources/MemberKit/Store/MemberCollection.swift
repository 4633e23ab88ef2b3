import Foundation
import GRDB

/// ClubKit's `MembershipUserCollection<T>`, built on GRDB's ValueObservation: an initial
/// value, then each change as insertions, deletions and modifications.
///
/// Values are delivered on a private queue, not the main queue: the terminal UI blocks the
/// main thread in its input loop, and main-queue delivery would starve.
@_spi(Testing) public final class MemberCollection: Sendable {
    package let search: String?
    let sort: MemberSort
    package let limit: Int
    private let database: AppDatabase

    package init(database: AppDatabase, search: String? = nil, sort: MemberSort = .name, limit: Int = 200) {
        self.database = database
        self.search = search
        self.sort = sort
        self.limit = limit
    }

    private struct Snapshot: Equatable, Sendable {
        var members: [MemberRecord]
        var total: Int
    }

    /// Starts observing; keep the returned cancellable for as long as updates are wanted.
    package func observe(onError: @escaping @Sendable (Error) -> Void = { _ in },
                        onChange: @escaping @Sendable (MemberCollectionChange) -> Void) -> AnyDatabaseCancellable {
        let (search, sort, limit) = (self.search, self.sort, self.limit)
        let observation = ValueObservation.tracking { db in
            let store = StoreTransaction(db: db)
            return Snapshot(members: try store.members(matching: search, sort: sort, limit: limit, offset: 0),
                            total: try store.memberCount(matching: search))
        }.removeDuplicates()
        let previous = PreviousValue()
        let queue = DispatchQueue(label: "memberdesk.observation")
        return database.start(observation, on: queue, onError: onError) { snapshot in
            onChange(previous.diff(to: snapshot.members, total: snapshot.total))
        }
    }

    /// Only touched from the observation's serial queue.
    private final class PreviousValue: @unchecked Sendable {
        var members: [String: MemberRecord]?

        func diff(to members: [MemberRecord], total: Int) -> MemberCollectionChange {
            let current = Dictionary(members.map { ($0.memberId, $0) }, uniquingKeysWith: { $1 })
            defer { self.members = current }
            guard let old = self.members else {
                return MemberCollectionChange(members: members, totalCount: total, insertions: members.map(\.memberId),
                                              deletions: [], modifications: [], isInitial: true)
            }
            let insertions = members.map(\.memberId).filter { old[$0] == nil }
            let deletions = old.keys.filter { current[$0] == nil }.sorted()
            let modifications = members.filter { member in old[member.memberId].map { $0 != member } ?? false }.map(\.memberId)
            return MemberCollectionChange(members: members, totalCount: total, insertions: insertions,
                                          deletions: deletions, modifications: modifications, isInitial: false)
        }
    }
}
