import Foundation
import GRDBSQLite
import MemberDeskTestSupport
@_spi(Testing) import MemberKit

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

    let (database, club) = try seededDatabase("club.sqlite")
    let (reference, refClub) = try seededDatabase("raw.sqlite")
    let raw = try RawCheckIns(path: reference.path!, terminalId: refClub.terminal.id)
    let oursPagesBefore = database.walPagesWritten
    // The largest each WAL grew to, looked at after every check-in (a stat costs a microsecond, alike for both).
    var oursLargest = 0, rawLargest = 0
    var oursLatency: [Double] = [], rawLatency: [Double] = []
    // CPU time of this thread in each phase: what a loaded machine's waits leave out of the latencies.
    var oursCPU = 0.0, rawCPU = 0.0
    oursLatency.reserveCapacity(count)
    rawLatency.reserveCapacity(count)
    // Alternate rounds of each, so that load from other processes falls on both alike.
    let rounds = 20, perRound = max(1, count / rounds)
    for round in 0..<rounds {
        let base = round * perRound
        var cpu = threadCPUSeconds()
        for i in base..<(base + perRound) {
            let start = DispatchTime.now().uptimeNanoseconds
            try club.checkIn(passId: "P\(i % memberCount)", source: .manual)
            oursLatency.append(seconds(since: start))
            oursLargest = max(oursLargest, fileSize(database.path! + "-wal"))
        }
        oursCPU += threadCPUSeconds() - cpu
        cpu = threadCPUSeconds()
        for i in base..<(base + perRound) {
            let start = DispatchTime.now().uptimeNanoseconds
            try raw.checkIn(passId: "P\(i % memberCount)")
            rawLatency.append(seconds(since: start))
            rawLargest = max(rawLargest, fileSize(reference.path! + "-wal"))
        }
        rawCPU += threadCPUSeconds() - cpu
    }
    let taps = Double(rounds * perRound)
    let ours = taps / oursLatency.reduce(0, +)
    let rawRate = taps / rawLatency.reduce(0, +)
    print(String(format: "check-ins/s  memberdesk %.0f   raw SQLite C API %.0f   ratio %.2f (goal >= 0.5)",
                 ours, rawRate, ours / rawRate))
    func percentiles(_ values: [Double]) -> String {
        let sorted = values.sorted()
        func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 1000 }
        return String(format: "p50 %.2f  p99 %.2f  p99.9 %.2f  max %.1f ms", at(0.5), at(0.99), at(0.999), sorted.last! * 1000)
    }
    print("a check-in     memberdesk \(percentiles(oursLatency))")
    print("               raw        \(percentiles(rawLatency))")
    print(String(format: "CPU per check-in (the tapping thread)  memberdesk %.0f µs   raw %.0f µs   ratio %.2f",
                 oursCPU / taps * 1e6, rawCPU / taps * 1e6, rawCPU / max(oursCPU, 1e-9)))
    let oursPages = Double(database.walPagesWritten - oursPagesBefore) / taps
    print(String(format: "WAL pages per check-in  memberdesk %.1f   raw %.1f", oursPages, Double(raw.pagesWritten) / taps))
    print(String(format: "largest WAL MB  memberdesk %.1f   raw %.1f   ratio %.2f (goal <= 2)",
                 Double(oursLargest) / 1e6, Double(rawLargest) / 1e6, Double(oursLargest) / Double(max(rawLargest, 1))))
    // Nonzero: the checkpointer's queue fell behind and commits copied the log themselves.
    print("commits that copied the log themselves (the backstop): \(database.walBackstops)")
    // Back to small once the taps stop: the checkpointer empties the log after a quiet second.
    let emptied = waitUntil(timeout: 10, poll: 0.05) { fileSize(database.path! + "-wal") == 0 }
    print(String(format: "WAL MB after the taps stop  memberdesk %.1f (%@)", Double(fileSize(database.path! + "-wal")) / 1e6,
                 emptied ? "emptied" : "not emptied within 10 s"))
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

/// CPU seconds this thread has used (user and system).
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

private func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The same work as one check-in, by hand: find the member, bump its totals and this terminal's
/// counter, add the visit row (to `visit_archive`, the table `visit` was until v15: the reference
/// does the same work as before memberdesk's own tap stopped writing it); WAL, synchronous=NORMAL, one IMMEDIATE transaction each, and
/// SQLite's own auto-checkpoint (every 1,000 pages, in the commit), whose hook also counts the pages.
private final class RawCheckIns {
    private var db: OpaquePointer?
    private(set) var pagesWritten = 0
    private var log: Int32 = 0
    private let terminalId: String
    private var select, update, upsert, insert: OpaquePointer?
    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(path: String, terminalId: String) throws {
        self.terminalId = terminalId
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw DeskError.database("cannot open \(path)") }
        try exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=10000")
        // sqlite3_wal_autocheckpoint's own hook, which this replaces, does just this checkpoint.
        sqlite3_wal_hook(db, { context, db, _, pages in
            let raw = Unmanaged<RawCheckIns>.fromOpaque(context!).takeUnretainedValue()
            raw.pagesWritten += Int(pages < raw.log ? pages : pages - raw.log)
            raw.log = pages
            if pages >= 1000 { sqlite3_wal_checkpoint(db, nil) }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
        select = try prepare("SELECT memberId, status, expiresAt, timeStampOfLastVisit FROM member WHERE passId = ? AND deletedAt IS NULL")
        update = try prepare("UPDATE member SET numVisits = numVisits + 1, timeStampOfLastVisit = max(timeStampOfLastVisit, ?) WHERE memberId = ?")
        upsert = try prepare("INSERT INTO visit_counter(memberId, terminalId, count) VALUES (?, ?, 1) ON CONFLICT(memberId, terminalId) DO UPDATE SET count = count + 1")
        insert = try prepare("INSERT INTO visit_archive(visitId, memberId, terminalId, time, source) VALUES (?, ?, ?, ?, 'manual')")
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
        let now = SystemClock().now().timeIntervalSince1970
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
