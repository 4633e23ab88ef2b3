import Foundation

/// One operation's shape in the store: facts read, a MemberCore decision, its change written,
/// what it says announced. `AppDatabase.run` runs every one the same way (a tap, a staff
/// check-out, "check out all", closing time), in one transaction.
protocol StoreOperation {
    associatedtype Facts
    associatedtype Change
    associatedtype Announcement: Announcing

    /// When it happens: closing time is caught up to it first, and its messages are stamped with it.
    var now: Date { get }
    /// The closing rule caught up before the facts are read.
    var occupancy: OccupancySettings { get }

    /// What the decision is shown, read in the operation's transaction.
    func facts(in store: StoreTransaction) throws -> Facts
    /// The decision: pure, in MemberCore.
    func decide(_ facts: Facts) -> Change
    /// Writes `change` (nothing else) and says what the operation announces.
    func write(_ change: Change, _ facts: Facts, in store: StoreTransaction) throws -> Announcement
}

/// What one operation's commit announces on the bus, its messages written in that commit.
protocol Announcing {
    /// What the bus hears (nil: nothing to say).
    var event: DeskEvent? { get }
    /// Marks it as already in the outbox, so that no listener queues it again.
    mutating func markQueued()
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
            let caughtUp = try store.catchUp(operation.occupancy, at: operation.now)
            let facts = try operation.facts(in: store)
            let change = operation.decide(facts)
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
}

extension OccupancyNotice: Announcing {
    var event: DeskEvent? { .occupancy(self) }
    mutating func markQueued() { messagesQueued = true }
}

/// An operation that says nothing of its own (closing time's: its catch-up is all it announces).
extension Optional: Announcing where Wrapped: Announcing {
    var event: DeskEvent? { self?.event }
    mutating func markQueued() { self?.markQueued() }
}
