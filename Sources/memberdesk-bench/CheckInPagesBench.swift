import Foundation
import GRDBSQLite
import MemberKit

/// Where a tap's log pages go: `memberdesk-bench checkin-pages [TAPS] [GUESTS]` runs the checkin
/// bench's taps (1,000 members, each tap its own commit, audit included; with GUESTS (0 too), each
/// measured tap a member outside bringing that many), empties the log before each measured tap, then maps the pages its commit wrote (the WAL's frame headers) to the b-tree
/// each belongs to (`dbstat`), and prints pages per tap per table and index. A count, not a timing:
/// any build type gives the same figures.
func runCheckInPagesBench(_ arguments: [String]) throws {
    let measured = arguments.first.flatMap(Int.init) ?? 300
    let guests = arguments.dropFirst().first.flatMap(Int.init)
    let warmUp = 5_000, memberCount = 1_000
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("club.sqlite").path
    let database = try AppDatabase.open(path: path)
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"), settings: ClubSettings(debounce: 0))
    for i in 0..<memberCount { try club.addMember(passId: "P\(i)") }
    // The trees grow to the depth a day's taps give them before anything is counted.
    for i in 0..<warmUp { try club.checkIn(passId: "P\(i % memberCount)", source: .manual) }

    let pages = try WALPageMap(path: path)
    var perTree: [String: Int] = [:]
    var taps = 0
    for i in 0..<measured {
        let pass = "P\((warmUp + i) % memberCount)"
        // Guests come in on an entry: the member is checked out first, unmeasured.
        if guests != nil { try club.checkOut(passId: pass) }
        try pages.emptyLog()
        try club.checkIn(passId: pass, source: .manual, guests: guests ?? 0)
        let written = try pages.pagesInLog()
        // The checkpointer emptied the log meanwhile (a quiet second): this tap is not counted.
        guard !written.isEmpty else { continue }
        let owners = try pages.owners()
        for page in written { perTree[owners[page] ?? "(free list)", default: 0] += 1 }
        taps += 1
    }
    guard taps > 0 else { throw DeskError.io("no tap's pages could be read") }
    let total = perTree.values.reduce(0, +)
    print(String(format: "WAL pages per tap, by table and index (%d taps after %d): %.1f in all", taps, warmUp,
                 Double(total) / Double(taps)))
    for (name, count) in perTree.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
        print(String(format: "  %5.2f  %@", Double(count) / Double(taps), name))
    }
}

/// A second connection to the bench's file: empties its log, reads which pages the log holds,
/// and which b-tree owns each page.
private final class WALPageMap {
    private var db: OpaquePointer?
    private let walPath: String

    init(path: String) throws {
        walPath = path + "-wal"
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw DeskError.database("cannot open \(path)") }
        sqlite3_busy_timeout(db, 10_000)
    }

    deinit { sqlite3_close(db) }

    func emptyLog() throws {
        // The desk's own checkpointer may hold the log at that moment (BUSY even past the busy
        // timeout, which covers writers, not a checkpoint in progress): try again a little later.
        var code = sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        for _ in 0..<100 where code == SQLITE_BUSY {
            usleep(10_000)
            code = sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        }
        guard code == SQLITE_OK else { throw DeskError.database("checkpoint: \(String(cString: sqlite3_errmsg(db)))") }
    }

    /// The distinct pages the log's frames hold (its header is 32 bytes; each frame a 24-byte
    /// header, whose first 4 bytes are the page number, big-endian, then the page).
    func pagesInLog() throws -> Set<Int> {
        let data = try Data(contentsOf: URL(fileURLWithPath: walPath))
        guard data.count >= 32 else { return [] }
        func word(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let pageSize = word(8)
        var pages: Set<Int> = [], offset = 32
        while offset + 24 + pageSize <= data.count {
            pages.insert(word(offset))
            offset += 24 + pageSize
        }
        return pages
    }

    /// Page number → the table or index it belongs to.
    func owners() throws -> [Int: String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT pageno, name FROM dbstat", -1, &statement, nil) == SQLITE_OK else {
            throw DeskError.database("dbstat: \(String(cString: sqlite3_errmsg(db)))")
        }
        defer { sqlite3_finalize(statement) }
        var owners: [Int: String] = [:]
        while sqlite3_step(statement) == SQLITE_ROW {
            owners[Int(sqlite3_column_int64(statement, 0))] = String(cString: sqlite3_column_text(statement, 1))
        }
        return owners
    }
}
