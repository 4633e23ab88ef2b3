import Foundation

/// The one way `Club` runs a store operation (a tap, "let in anyway", a staff check-out, "check
/// out all", closing time): the MQTT hook read once, the store's one transaction
/// (`AppDatabase.run`), a store failure published before it is thrown, and what was committed
/// announced after the commit.
extension Club {
    /// Runs `operation` and returns what it announced. `tap`: a tap's pass, named in a store
    /// failure's notice so that the desk says the tap was not counted.
    func perform<Operation: StoreOperation>(_ operation: Operation, tap passId: String? = nil) throws -> Operation.Announcement {
        try performCommit(operation, tap: passId).announcement
    }

    /// The same, returning what closing time's catch-up closed too (closing time's own operation says nothing else).
    func performCommit<Operation: StoreOperation>(_ operation: Operation,
                                                  tap passId: String? = nil) throws -> OperationCommit<Operation.Announcement> {
        var outbox = outboxWrite()
        let commit: OperationCommit<Operation.Announcement>
        do {
            commit = try storeErrorsPublished(tap: passId) { try database.run(operation, outbox: &outbox) }
        } catch let refusal as DecisionRefusal {
            throw refusal.error
        }
        return OperationCommit(caughtUp: commit.caughtUp, announcement: announce(commit, outbox))
    }

    /// After the commit: the exits closing time's catch-up made, then the operation's own events,
    /// on the bus, each saying whether its messages are already queued (no listener queues them again).
    func announce<Announcement: Announcing>(_ commit: OperationCommit<Announcement>, _ outbox: OutboxWrite) -> Announcement {
        var caughtUp = commit.caughtUp, announcement = commit.announcement
        let saysSomething = caughtUp != nil || announcement.event != nil
        if let hook = outbox.hook, saysSomething {
            caughtUp?.markQueued()
            announcement.markQueued()
            hook.queued(outbox.dropped)
        }
        for event in [caughtUp?.event, announcement.event].compactMap({ $0 }) + announcement.followingEvents { bus.publish(event) }
        return announcement
    }

    /// Runs a store operation, publishing a store failure on the bus before it is thrown; for a
    /// tap (`tap`: its pass) with the pass and why, so the desk says the tap was not counted.
    func storeErrorsPublished<T>(tap passId: String? = nil, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DeskError {
            bus.publish(.error(DeskErrorNotice(source: "store", message: error.description, passId: passId,
                                               reason: passId == nil ? nil : StoreFailure(error)?.rawValue ?? "store")))
            throw error
        }
    }

    /// An edit made now at this desk by `actor`, its audit lines' ids from the club's `ids`.
    func editStamp(by actor: AuditActor) -> EditStamp {
        EditStamp(time: clock.now().timeIntervalSince1970, desk: terminal, actor: actor, ids: ids)
    }

    /// Closing time caught up as an operation of its own, announced, when it has anything to do
    /// (a read first): a read of who is inside runs it, so that the read itself only reads.
    @discardableResult
    func catchUpClosingTime(at now: Date) throws -> OccupancyNotice? {
        guard try storeErrorsPublished({ try database.hasOverdueVisits(settings.occupancy, at: now) }) else { return nil }
        return try performCommit(ClosingTime(now: now, occupancy: settings.occupancy)).caughtUp
    }
}
