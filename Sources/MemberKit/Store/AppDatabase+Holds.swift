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
