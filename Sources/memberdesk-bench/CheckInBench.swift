import Foundation
import GRDBSQLite
import MemberKit

/// N sequential check-ins, each its own transaction, on a WAL file database: `Club.checkIn`
/// against the same reads and writes done through the raw SQLite C API in this process.
func runCheckInBench(_ arguments: [String]) throws {
    let count = arguments.first.flatMap(Int.init) ?? 20_000
    let memberCount = 1_000
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    func seededDatabase(_ name: String) throws -> (AppDatabase, Club) {
        let database = try AppDatabase.open(path: folder.appendingPathComponent(name).path)
        let terminal = try database.terminalIdentity(name: "bench")
        let club = Club(database: database, terminal: terminal, settings: ClubSettings(debounce: 0))
        for i in 0..<memberCount { try club.addMember(passId: "P\(i)") }
        return (database, club)
    }

    let (_, club) = try seededDatabase("club.sqlite")
    let start = DispatchTime.now().uptimeNanoseconds
    for i in 0..<count { try club.checkIn(passId: "P\(i % memberCount)", source: .manual) }
    let ours = Double(count) / seconds(since: start)

    let (reference, refClub) = try seededDatabase("raw.sqlite")
    let terminalId = refClub.terminal.id
    let path = reference.path!
    let raw = try rawSQLiteCheckIns(path: path, count: count, memberCount: memberCount, terminalId: terminalId)

    print(String(format: "check-ins/s  memberdesk %.0f   raw SQLite C API %.0f   ratio %.2f (goal >= 0.5)",
                 ours, raw, ours / raw))
}

private func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The same work as one check-in, by hand: find the member, bump its totals and this terminal's
/// counter, add the visit row; WAL, synchronous=NORMAL, one IMMEDIATE transaction each.
private func rawSQLiteCheckIns(path: String, count: Int, memberCount: Int, terminalId: String) throws -> Double {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw DeskError.database("cannot open \(path)") }
    defer { sqlite3_close(db) }
    func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw DeskError.database(String(cString: sqlite3_errmsg(db)))
        }
    }
    try exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=10000")
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DeskError.database(String(cString: sqlite3_errmsg(db)))
        }
        return statement
    }
    let select = try prepare("SELECT memberId, status, expiresAt, timeStampOfLastVisit FROM member WHERE passId = ? AND deletedAt IS NULL")
    let update = try prepare("UPDATE member SET numVisits = numVisits + 1, timeStampOfLastVisit = max(timeStampOfLastVisit, ?) WHERE memberId = ?")
    let upsert = try prepare("INSERT INTO visit_counter(memberId, terminalId, count) VALUES (?, ?, 1) ON CONFLICT(memberId, terminalId) DO UPDATE SET count = count + 1")
    let insert = try prepare("INSERT INTO visit(visitId, memberId, terminalId, time, source) VALUES (?, ?, ?, ?, 'manual')")
    defer { [select, update, upsert, insert].forEach { sqlite3_finalize($0) } }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    func step(_ statement: OpaquePointer) throws {
        let rc = sqlite3_step(statement)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw DeskError.database(String(cString: sqlite3_errmsg(db))) }
    }

    let start = DispatchTime.now().uptimeNanoseconds
    for i in 0..<count {
        let now = Date().timeIntervalSince1970
        try exec("BEGIN IMMEDIATE")
        sqlite3_reset(select)
        sqlite3_bind_text(select, 1, "P\(i % memberCount)", -1, transient)
        try step(select)
        let memberId = String(cString: sqlite3_column_text(select, 0))
        sqlite3_reset(update)
        sqlite3_bind_double(update, 1, now)
        sqlite3_bind_text(update, 2, memberId, -1, transient)
        try step(update)
        sqlite3_reset(upsert)
        sqlite3_bind_text(upsert, 1, memberId, -1, transient)
        sqlite3_bind_text(upsert, 2, terminalId, -1, transient)
        try step(upsert)
        sqlite3_reset(insert)
        sqlite3_bind_text(insert, 1, UUID().uuidString, -1, transient)
        sqlite3_bind_text(insert, 2, memberId, -1, transient)
        sqlite3_bind_text(insert, 3, terminalId, -1, transient)
        sqlite3_bind_double(insert, 4, now)
        try step(insert)
        try exec("COMMIT")
    }
    return Double(count) / seconds(since: start)
}
