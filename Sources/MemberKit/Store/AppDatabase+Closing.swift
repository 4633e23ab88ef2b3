import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// Closing time caught up: the visits closing time or the longest stay ended are closed, as
/// `ClosingRule.checkOuts` (MemberCore) decides: the same exits whichever desk notices. Every
/// operation runs it first (`AppDatabase.run`), and `Club` runs it alone before a read of who is
/// inside, so a desk that was off at closing time closes the day when it is next asked.
extension AppDatabase {
    /// Whether closing time would close a visit at `now`: a read alone, so that a read of who is
    /// inside takes the write lock only when the catch-up has something to do.
    func hasOverdueVisits(_ settings: OccupancySettings, at now: Date) throws -> Bool {
        let time = now.timeIntervalSince1970
        guard settings.closes, let bound = ClosingRule.dueBefore(now: time, settings: settings) else { return false }
        return try read { store in
            try !ClosingRule.checkOuts(of: store.insideEntries(before: bound), now: time, settings: settings).isEmpty
        }
    }
}

/// Closing time as an operation of its own: nothing past the catch-up every operation starts with.
struct ClosingTime: StoreOperation {
    var now: Date
    var occupancy: OccupancySettings?

    func facts(in store: StoreTransaction) throws {}
    func decide(_ facts: Void) {}
    func write(_ change: Void, _ facts: Void, in store: StoreTransaction) throws -> OccupancyNotice? { nil }
}

extension StoreTransaction {
    /// Closing time caught up at `now` inside the caller's transaction, each exit with its audit
    /// line. Returns the notice of the exits it made (nil: none was due).
    func catchUp(_ settings: OccupancySettings, at now: Date) throws -> OccupancyNotice? {
        let time = now.timeIntervalSince1970
        guard settings.closes, let bound = ClosingRule.dueBefore(now: time, settings: settings) else { return nil }
        let closed = try write(ClosingRule.checkOuts(of: try insideEntries(before: bound), now: time, settings: settings))
        return closed > 0 ? OccupancyNotice(insideCount: try insideCount(), checkedOut: closed, exitKind: .auto) : nil
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
