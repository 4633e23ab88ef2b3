import Foundation
import GRDB

/// Closing time caught up: the visits closing time or the longest stay ended are closed, as
/// `ClosingRule.checkOuts` (MemberCore) decides: the same exits whichever desk notices. Every transaction that answers or
/// changes who is inside (a tap, a staff check-out, the count) runs it first, so a desk that was
/// off at closing time closes the day when it is next asked.
extension AppDatabase {
    /// Closing time's one transaction for the desk's timers: the overdue visits closed and, when
    /// anyone was, the new count's MQTT messages queued through `outbox` in the same commit.
    /// Returns the notice `Club` publishes (nil: nobody was due).
    func closeOverdue(_ settings: OccupancySettings, at now: Date,
                      outbox: inout OutboxWrite) throws -> OccupancyNotice? {
        try write { store in
            let closed = try store.closeOverdue(settings, at: now.timeIntervalSince1970)
            guard closed > 0 else { return nil }
            let notice = OccupancyNotice(insideCount: try store.insideCount(), checkedOut: closed, exitKind: .auto)
            try outbox.write(.occupancy(notice), in: store, at: now)
            return notice
        }
    }

    /// How many are inside at `time`, closing time caught up first in the same transaction (a
    /// read alone when nothing closes visits). Its exits are not announced: the timers' run does that.
    func insideCount(closing settings: OccupancySettings, at time: Double) throws -> Int {
        guard settings.closes else { return try insideCount() }
        return try write { store in
            _ = try store.closeOverdue(settings, at: time)
            return try store.insideCount()
        }
    }
}

extension StoreTransaction {
    /// Closing time caught up at `time` inside the caller's transaction, each exit with its audit
    /// line. Returns how many were closed.
    func closeOverdue(_ settings: OccupancySettings, at time: Double) throws -> Int {
        guard settings.closes, let bound = ClosingRule.dueBefore(now: time, settings: settings) else { return 0 }
        return try write(ClosingRule.checkOuts(of: try insideEntries(before: bound), now: time, settings: settings))
    }

    /// Closing time's and "check out all"'s exits (`VisitCheckOut`): each exit once (one another
    /// desk already closed is not recorded again) and its audit line only with a new exit, the
    /// lines in one batch (`appendAudit(batch:)`: closing time's share one millisecond).
    /// Returns how many exits were new.
    func write(_ checkOuts: [VisitCheckOut]) throws -> Int {
        var lines: [AuditEntry] = []
        for checkOut in checkOuts {
            if try recordEvent(checkOut.exit) { lines.append(checkOut.audit) }
        }
        try appendAudit(batch: lines)
        return lines.count
    }
}
