import Foundation

extension Club {
    /// What the club's events say to the building, handed in as values by the desk's MQTT link
    /// (the mapping is DeskMQTT's; the core only writes what it is given). Each event's messages go
    /// into the outbox in the transaction that writes the event: a tap, an override, a staff
    /// check-out, closing time, "check out all". Queued after the commit instead, a process killed
    /// between the two never sent the event (issue 29). `messages` runs inside the write: keep it
    /// pure. `limit` bounds the outbox; `queued` hears, after the commit, how many old rows the
    /// bound dropped.
    public struct EventMessages: Sendable {
        package var messages: @Sendable (DeskEvent) -> [OutboxMessage]
        package var limit: Int
        var queued: @Sendable (_ dropped: Int) -> Void

        public init(messages: @escaping @Sendable (DeskEvent) -> [OutboxMessage], limit: Int,
                    queued: @escaping @Sendable (_ dropped: Int) -> Void) {
            self.messages = messages
            self.limit = limit
            self.queued = queued
        }
    }

    /// Queues every later event's messages in its own commit (nil: stop); the event published on
    /// the bus then says so (`messagesQueued`), so that no listener queues it again.
    public func queueEventMessages(_ messages: EventMessages?) {
        eventMessages.withLock { $0 = messages }
    }

    /// The hook as it is now, for one operation.
    func outboxWrite() -> OutboxWrite {
        OutboxWrite(eventMessages.withLock { $0 })
    }
}

/// One operation's use of `Club.queueEventMessages`' hook, read once, so that what its transaction wrote and what it
/// publishes agree even if the hook changes meanwhile.
struct OutboxWrite {
    let hook: Club.EventMessages?
    private(set) var dropped = 0

    init(_ hook: Club.EventMessages?) {
        self.hook = hook
    }

    /// Inside the event's transaction: its messages into the outbox (nothing without a hook).
    mutating func write(_ event: DeskEvent, in store: StoreTransaction, at now: Date) throws {
        guard let hook else { return }
        dropped += try store.appendToOutbox(hook.messages(event), limit: hook.limit, now: now).dropped
    }
}
