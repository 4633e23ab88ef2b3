/// An audit entry's row number says when it happened: its millisecond times 65,536, plus its
/// place among the entries of that millisecond. The record is then one b-tree in time order,
/// with no index beside it: a tap's entry goes at its end (SQLite's cheapest insert, about one
/// page a commit, where the (time, entryId) index had cost 1.4 more), a range of time is a range
/// of rows, and an entry read again is looked for among its millisecond's rows alone.
///
/// Every row keeps `first(at: time) <= id <= last(at: time)`, whatever its desk or the order
/// it arrived in; the queries in `AppDatabase+Audit.swift` rely on nothing else.
enum AuditRowId {
    static let perMillisecond: Int64 = 1 << 16
    /// Milliseconds beyond ±4,400 years share the last row range (a time a sync file may claim).
    private static let limit = Double(Int64.max / perMillisecond - 1)

    /// The first row number of `time`'s millisecond.
    static func first(at time: Double) -> Int64 {
        let millisecond = (time * 1000).rounded(.down)
        return Int64(millisecond.isNaN ? 0 : max(-limit, min(limit, millisecond))) * perMillisecond
    }

    /// The last row number of `time`'s millisecond.
    static func last(at time: Double) -> Int64 { first(at: time) + perMillisecond - 1 }
}
