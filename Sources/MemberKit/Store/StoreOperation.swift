import Foundation
@_spi(Decisions) import MemberCore

/// One operation's shape in the store: facts read, a MemberCore decision, its change written,
/// what it says announced. `AppDatabase.run` runs every one the same way (a tap, a staff
/// check-out, "check out all", closing time, a member edit, an operator's, a sign-in), in one transaction.
protocol StoreOperation {
    associatedtype Facts
    associatedtype Change
    associatedtype Announcement: Announcing

    /// When it happens: closing time is caught up to it first, and its messages are stamped with it.
    var now: Date { get }
    /// The closing rule caught up before the facts are read (nil: none, for an operation that
    /// leaves who is inside alone: a `StoreEdit`).
    var occupancy: OccupancySettings? { get }

    /// What the decision is shown, read in the operation's transaction.
    func facts(in store: StoreTransaction) throws -> Facts
    /// The decision: pure, in MemberCore. What it throws is a refusal (`DecisionRefusal`), not a store failure.
    func decide(_ facts: Facts) throws -> Change
    /// Writes `change` (nothing else) and says what the operation announces.
    func write(_ change: Change, _ facts: Facts, in store: StoreTransaction) throws -> Announcement
}

/// What one operation's commit announces on the bus, its messages written in that commit.
protocol Announcing {
    /// What the bus hears, its messages queued in the commit (nil: nothing of the kind).
    var event: DeskEvent? { get }
    /// Marks it as already in the outbox, so that no listener queues it again.
    mutating func markQueued()
    /// What the bus hears after `event`, with no messages of its own (a member created or edited).
    var followingEvents: [DeskEvent] { get }
}

extension Announcing {
    var followingEvents: [DeskEvent] { [] }
}

/// A decision's refusal out of `AppDatabase.run` (a pass already held, no such operator): `Club`'s
/// runner throws the decision's own error, unpublished, where a store failure is published.
struct DecisionRefusal: Error {
    var error: any Error
}

/// What `AppDatabase.run` committed: the exits closing time's catch-up made first (nil: none
/// was due), then the operation's own announcement.
struct OperationCommit<Announcement: Announcing> {
    var caughtUp: OccupancyNotice?
    var announcement: Announcement
}

extension AppDatabase {
    /// The one way an operation runs: closing time caught up, its facts read, its decision asked,
    /// its change written, and the messages of what it announces queued through `outbox`, all in
    /// one transaction (nothing committed is left unsaid).
    func run<Operation: StoreOperation>(_ operation: Operation,
                                        outbox: inout OutboxWrite) throws -> OperationCommit<Operation.Announcement> {
        try write { store in
            let caughtUp = try operation.occupancy.flatMap { try store.catchUp($0, at: operation.now) }
            let facts = try operation.facts(in: store)
            let change: Operation.Change
            do { change = try operation.decide(facts) } catch { throw DecisionRefusal(error: error) }
            let commit = OperationCommit(caughtUp: caughtUp, announcement: try operation.write(change, facts, in: store))
            for event in [commit.caughtUp?.event, commit.announcement.event].compactMap({ $0 }) {
                try outbox.write(event, in: store, at: operation.now)
            }
            return commit
        }
    }
}

extension CheckInReport: Announcing {
    var event: DeskEvent? { .checkIn(self) }
    mutating func markQueued() { messagesQueued = true }
    var followingEvents: [DeskEvent] {
        if case .enrolled(let member) = outcome { [.memberCreated(member)] } else { [] }
    }
}

extension OccupancyNotice: Announcing {
    var event: DeskEvent? { .occupancy(self) }
    mutating func markQueued() { messagesQueued = true }
}

/// An operation that says nothing of its own (closing time's: its catch-up is all it announces).
extension Optional: Announcing where Wrapped: Announcing {
    var event: DeskEvent? { self?.event }
    mutating func markQueued() { self?.markQueued() }
    var followingEvents: [DeskEvent] { self?.followingEvents ?? [] }
}

/// What a member edit says: its members as committed, on the bus alone (the building hears of taps, not of edits).
extension Array: Announcing where Element == MemberChange.Event {
    var event: DeskEvent? { nil }
    mutating func markQueued() {}
    var followingEvents: [DeskEvent] {
        map { event in
            switch event {
            case .created(let member): .memberCreated(member)
            case .updated(let member): .memberUpdated(member)
            case .deleted(let member): .memberDeleted(member)
            }
        }
    }
}
