import Foundation
import GRDB

/// The report's member numbers (`report_member`): a summary lists the members of a day as small
/// ints. Numbers are handed out from the largest stored one up, and stored with the summaries
/// that use them; a number stored once never changes (the table only grows).
struct ReportMemberNumbers {
    private var byId: [String: Int] = [:]
    private var idByNumber: [Int: String] = [:]
    /// Numbers handed out in this read, to be stored.
    private(set) var added: [(number: Int, memberId: String)] = []
    /// The largest stored number: a summary that names a larger one is corrupt.
    let storedMax: Int
    private var next: Int
    private let loadedAll: Bool

    /// `loadAll` reads the whole table first (a read of many days meets most members anyway).
    init(_ store: StoreTransaction, loadAll: Bool) throws {
        storedMax = try store.reportMemberNumbersStoredMax()
        next = storedMax + 1
        loadedAll = loadAll
        guard loadAll else { return }
        byId.reserveCapacity(storedMax)
        let rows = try Row.fetchCursor(store.db, sql: "SELECT number, memberId FROM report_member")
        while let row = try rows.next() { byId[row[1]] = row[0] as Int }
    }

    mutating func number(of memberId: String, _ store: StoreTransaction) throws -> Int {
        if let known = byId[memberId] { return known }
        if !loadedAll, let stored = try Int.fetchOne(store.db.cachedStatement(sql: "SELECT number FROM report_member WHERE memberId = ?"),
                                                     arguments: [memberId]) {
            byId[memberId] = stored
            return stored
        }
        let number = next
        next += 1
        byId[memberId] = number
        idByNumber[number] = memberId
        added.append((number, memberId))
        return number
    }

    func memberId(of number: Int, _ store: StoreTransaction) throws -> String? {
        if let id = idByNumber[number] { return id }
        return try String.fetchOne(store.db.cachedStatement(sql: "SELECT memberId FROM report_member WHERE number = ?"), arguments: [number])
    }
}
