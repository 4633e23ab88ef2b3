import GRDB

extension StoreTransaction {
    /// Appends many entries in one go, as `appendAudit` would one by one (the same rows, the same
    /// repeats skipped), for closing time's lines: 5,000 exits at one closing instant land in one
    /// millisecond, and `appendAudit` looks through the rows its millisecond holds for a repeat
    /// and its place, so one by one they read 12.5 million rows (1.66 s). Here each millisecond's
    /// rows are read once. Returns how many were added.
    @discardableResult
    func appendAudit(batch entries: [AuditEntry]) throws -> Int {
        let statements = AuditAppendStatements(db: db)
        // The record's end before the batch: a row above it is new and past the sync mark.
        let newest = try statements.newestRow() ?? Int64.min
        var milliseconds: [Int64: AuditMillisecond] = [:]
        var added = 0
        for entry in entries {
            let first = AuditRowId.first(at: entry.time), last = AuditRowId.last(at: entry.time)
            var millisecond = try milliseconds[first]
                ?? (newest >= first ? statements.rows(first: first, last: last) : AuditMillisecond(next: first))
            guard millisecond.held.insert(AuditMillisecond.key(entry)).inserted else { continue }
            let id = millisecond.next
            guard id <= last else {
                throw DeskError.invalidInput("more than \(AuditRowId.perMillisecond) audit entries in one millisecond (\(entry.time))")
            }
            if id < newest { try lowerOwnAuditMark(below: id, for: entry) }
            try statements.insert(entry, id: id, detail: AuditDetail.encode(entry.detail))
            millisecond.next = id + 1
            milliseconds[first] = millisecond
            added += 1
        }
        return added
    }
}

/// What one millisecond of the record holds, read once for a batch: its next free row and the
/// entries already in it (by time and id, as `appendAudit` tells a repeat).
struct AuditMillisecond {
    var next: Int64
    var held: Set<String> = []

    static func key(_ entry: AuditEntry) -> String { key(time: entry.time, entryId: entry.entryId) }
    static func key(time: Double, entryId: String) -> String { "\(time.bitPattern) \(entryId)" }
}
