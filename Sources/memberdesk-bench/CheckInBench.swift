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
    let (reference, refClub) = try seededDatabase("raw.sqlite")
    let raw = try RawCheckIns(path: reference.path!, terminalId: refClub.terminal.id)
    // Alternate rounds of each, so that load from other processes falls on both alike.
    let rounds = 20, perRound = max(1, count / rounds)
    var oursTime = 0.0, rawTime = 0.0
    for round in 0..<rounds {
        let base = round * perRound
        let start = DispatchTime.now().uptimeNanoseconds
        for i in base..<(base + perRound) { try club.checkIn(passId: "P\(i % memberCount)", source: .manual) }
        oursTime += seconds(since: start)
        let rawStart = DispatchTime.now().uptimeNanoseconds
        for i in base..<(base + perRound) { try raw.checkIn(passId: "P\(i % memberCount)") }
        rawTime += seconds(since: rawStart)
    }
    let ours = Double(rounds * perRound) / oursTime
    let rawRate = Double(rounds * perRound) / rawTime
    print(String(format: "check-ins/s  memberdesk %.0f   raw SQLite C API %.0f   ratio %.2f (goal >= 0.5)",
                 ours, rawRate, ours / rawRate))
    // Equal work includes WAL checkpoints: both WALs should stay near the 1000-page auto-checkpoint.
    func walSize(_ name: String) -> Double {
        let path = folder.appendingPathComponent(name + "-wal").path
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return Double(size) / 1e6
    }
    print(String(format: "WAL size MB  memberdesk %.1f   raw %.1f", walSize("club.sqlite"), walSize("raw.sqlite")))
}

private func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The same work as one check-in, by hand: find the member, bump its totals and this terminal's
/// counter, add the visit row; WAL, synchronous=NORMAL, one IMMEDIATE transaction each.
private final class RawCheckIns {
    private var db: OpaquePointer?
    private let terminalId: String
    private var select, update, upsert, insert: OpaquePointer?
    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(path: String, terminalId: String) throws {
        self.terminalId = terminalId
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw DeskError.database("cannot open \(path)") }
        try exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=10000")
        select = try prepare("SELECT memberId, status, expiresAt, timeStampOfLastVisit FROM member WHERE passId = ? AND deletedAt IS NULL")
        update = try prepare("UPDATE member SET numVisits = numVisits + 1, timeStampOfLastVisit = max(timeStampOfLastVisit, ?) WHERE memberId = ?")
        upsert = try prepare("INSERT INTO visit_counter(memberId, terminalId, count) VALUES (?, ?, 1) ON CONFLICT(memberId, terminalId) DO UPDATE SET count = count + 1")
        insert = try prepare("INSERT INTO visit(visitId, memberId, terminalId, time, source) VALUES (?, ?, ?, ?, 'manual')")
    }

    deinit {
        [select, update, upsert, insert].forEach { sqlite3_finalize($0) }
        sqlite3_close(db)
    }

    private func fail() -> DeskError { DeskError.database(String(cString: sqlite3_errmsg(db))) }

    private func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw fail() }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw fail() }
        return statement
    }

    private func step(_ statement: OpaquePointer?) throws {
        let rc = sqlite3_step(statement)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw fail() }
    }

    func checkIn(passId: String) throws {
        let now = Date().timeIntervalSince1970
        try exec("BEGIN IMMEDIATE")
        sqlite3_reset(select)
        sqlite3_bind_text(select, 1, passId, -1, transient)
        try step(select)
        let memberId = String(cString: sqlite3_column_text(select, 0))
        // Done with the row: a statement left stepping keeps its read transaction open past
        // COMMIT, which makes every WAL auto-checkpoint fail (SQLITE_LOCKED) and the WAL grow.
        sqlite3_reset(select)
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
}
