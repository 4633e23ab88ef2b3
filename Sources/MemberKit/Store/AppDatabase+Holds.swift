import Foundation
@_spi(Decisions) import MemberCore

/// A freeze and an early end of one, each a `StoreOperation`: the stored member in,
/// `MemberFreeze`'s change out, written as any member edit's.
struct MemberFreezeOperation: StoreEdit {
    enum Kind {
        case freeze(MemberFreeze.Request)
        /// The hold that starts that day, else the one now or next.
        case unfreeze(memberId: String, starting: CalendarDay?)
    }

    var kind: Kind
    var context: MemberFreeze.Context
    var time: Double { context.time }

    var memberId: String {
        switch kind {
        case .freeze(let request): return request.memberId
        case .unfreeze(let memberId, _): return memberId
        }
    }

    func facts(in store: StoreTransaction) throws -> MemberRecord? {
        try store.member(memberId: memberId)
    }

    func decide(_ stored: MemberRecord?) throws -> MemberChange {
        switch kind {
        case .freeze(let request): return try MemberFreeze.freeze(stored, request, context)
        case .unfreeze(let memberId, let starting): return try MemberFreeze.unfreeze(stored, memberId: memberId, starting: starting, context)
        }
    }

    func write(_ change: MemberChange, _ facts: MemberRecord?, in store: StoreTransaction) throws -> [MemberChange.Event] {
        try store.write(change, terminalId: context.desk.id)
    }
}

extension AppDatabase {
    /// Live members with a hold on file, and the household members of heads among them (a head's
    /// hold keeps them out): what the report's holds are made from.
    package func membersWithHolds() throws -> [MemberRecord] {
        try read { store in
            // A member's details are JSON; the figures keep only real holds, so an alert that
            // happens to say "holds": costs a row, never a wrong figure.
            let held = try store.members(store.db.makeStatement(sql: """
                SELECT \(MemberColumns.list) FROM member WHERE deletedAt IS NULL AND details LIKE '%"holds":%'
                """))
            let heads = held.map(\.memberId)
            guard !heads.isEmpty else { return held }
            let households = try store.members(store.db.makeStatement(sql: """
                SELECT \(MemberColumns.list) FROM member WHERE deletedAt IS NULL AND plan = 'household'
                AND household IN (SELECT value FROM json_each(?)) AND COALESCE(details, '') NOT LIKE '%"holds":%'
                """), arguments: [String(decoding: try JSONEncoder().encode(heads), as: UTF8.self)])
            return held + households
        }
    }
}
