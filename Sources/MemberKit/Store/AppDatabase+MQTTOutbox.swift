import Foundation
import GRDB

/// The MQTT outbox (table `mqtt_outbox`): messages wait here, in id order, until the broker
/// acknowledges them. Bounded: past `limit` the oldest are dropped.
extension AppDatabase {
    /// Appends messages in order; returns how many of the oldest were dropped to stay within `limit`.
    @discardableResult
    @_spi(Testing) public func enqueueOutbox(_ messages: [OutboxMessage], limit: Int, now: Date) throws -> Int {
        try appendToOutbox(messages, limit: limit, now: now).dropped
    }

    /// Appends messages in order; returns them with their row ids (so a sender need not read them
    /// back) and how many of the oldest were dropped to stay within `limit`.
    public func appendToOutbox(_ messages: [OutboxMessage], limit: Int, now: Date) throws -> (rows: [QueuedMessage], dropped: Int) {
        guard !messages.isEmpty else { return ([], 0) }
        return try write { store in try store.appendToOutbox(messages, limit: limit, now: now) }
    }

    /// The messages of an event that wrote nothing else (a phone's pass the reader refused), in a
    /// transaction of their own; nothing, and no transaction, without `Club.queueEventMessages`' hook.
    func queueMessages(of event: DeskEvent, outbox: inout OutboxWrite, at now: Date) throws {
        guard outbox.hook != nil else { return }
        try write { store in try outbox.write(event, in: store, at: now) }
    }

    /// Up to `limit` messages after `id`, oldest first.
    public func outboxBatch(after id: Int64, limit: Int) throws -> [QueuedMessage] {
        try read { store in
            try Row.fetchAll(store.db, sql: """
                SELECT id, topic, payload, qos, retain FROM mqtt_outbox WHERE id > ? ORDER BY id LIMIT ?
                """, arguments: [id, limit]).map { row in
                let payload: Data = row["payload"] ?? Data()
                return QueuedMessage(id: row["id"], message: OutboxMessage(
                    topic: row["topic"], payload: Array(payload), qos: row["qos"], retain: row["retain"]))
            }
        }
    }

    /// Removes acknowledged messages.
    public func removeFromOutbox(ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try write { store in
            let delete = try store.db.cachedStatement(sql: "DELETE FROM mqtt_outbox WHERE id = ?")
            for id in ids { try delete.execute(arguments: [id]) }
        }
    }

    public func outboxCount() throws -> Int {
        try read { store in try Int.fetchOne(store.db, sql: "SELECT COUNT(*) FROM mqtt_outbox") ?? 0 }
    }
}

extension StoreTransaction {
    /// Appends messages in order inside the caller's transaction (an event's: see `Club.queueEventMessages`).
    func appendToOutbox(_ messages: [OutboxMessage], limit: Int, now: Date) throws -> (rows: [QueuedMessage], dropped: Int) {
        guard !messages.isEmpty else { return ([], 0) }
        let insert = try db.cachedStatement(sql: """
            INSERT INTO mqtt_outbox(topic, payload, qos, retain, createdAt) VALUES (?, ?, ?, ?, ?)
            """)
        var rows: [QueuedMessage] = []
        for message in messages {
            try insert.execute(arguments: [message.topic, Data(message.payload), message.qos, message.retain,
                                           now.timeIntervalSince1970])
            rows.append(QueuedMessage(id: db.lastInsertedRowID, message: message))
        }
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM mqtt_outbox") ?? 0
        let excess = count - max(1, limit)
        guard excess > 0 else { return (rows, 0) }
        try db.execute(sql: """
            DELETE FROM mqtt_outbox WHERE id IN (SELECT id FROM mqtt_outbox ORDER BY id LIMIT ?)
            """, arguments: [excess])
        return ([], excess)  // some of these may be among the dropped: the sender reads what is left
    }
}
