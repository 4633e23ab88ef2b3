import Foundation
import GRDB

/// The report's member numbers (`report_member`): a summary lists the members of a day as small
/// ints. Numbers are handed out from the largest stored one up, and stored with the summaries
/// that use them; a number stored once never changes (the table only grows).
struct ReportMemberNumbers {
    private var byId: [String: Int] = [:]
    /// The ids given numbers in this read: `storedMax + 1 + offset`.
    private var addedIds: [String] = []
    /// The largest stored number: a summary that names a larger one is corrupt.
    let storedMax: Int
    private let loadedAll: Bool

    /// `loadAll` reads the whole table first (a read of many days meets most members anyway).
    init(_ store: StoreTransaction, loadAll: Bool) throws {
        storedMax = try store.reportMemberNumbersStoredMax()
        loadedAll = loadAll
        guard loadAll else { return }
        byId.reserveCapacity(storedMax)
        let rows = try Row.fetchCursor(store.db, sql: "SELECT number, memberId FROM report_member")
        while let row = try rows.next() { byId[row[1]] = row[0] as Int }
    }

    /// Numbers handed out in this read, to be stored.
    var added: [(number: Int, memberId: String)] { addedIds.enumerated().map { (storedMax + 1 + $0, $1) } }

    mutating func number(of memberId: String, _ store: StoreTransaction) throws -> Int {
        if let known = byId[memberId] { return known }
        if !loadedAll, let stored = try Int.fetchOne(store.db.cachedStatement(sql: "SELECT number FROM report_member WHERE memberId = ?"),
                                                     arguments: [memberId]) {
            byId[memberId] = stored
            return stored
        }
        addedIds.append(memberId)
        byId[memberId] = storedMax + addedIds.count
        return storedMax + addedIds.count
    }

    /// Hands the numbers of this read out again in member id order, so storing them appends to
    /// both the table and its index (a million random inserts cost seconds); returns, for each
    /// number handed out before (by offset), its new one.
    mutating func renumberInIdOrder() -> [Int] {
        let order = addedIds.indices.sorted { addedIds[$0] < addedIds[$1] }
        var renumbered = [Int](repeating: 0, count: addedIds.count)
        for (offset, before) in order.enumerated() { renumbered[before] = storedMax + 1 + offset }
        addedIds = order.map { addedIds[$0] }
        for (offset, id) in addedIds.enumerated() { byId[id] = storedMax + 1 + offset }
        return renumbered
    }

    func memberId(of number: Int, _ store: StoreTransaction) throws -> String? {
        if number > storedMax, number - storedMax <= addedIds.count { return addedIds[number - storedMax - 1] }
        return try String.fetchOne(store.db.cachedStatement(sql: "SELECT memberId FROM report_member WHERE number = ?"), arguments: [number])
    }
}
