import Foundation
import MemberKit

/// kill -9 at random moments, against the built binary on one desk's files (issue 29): taps through
/// `scan --stdin --json` and through the virtual card (`+Card`), an `import`, `sync now` writing its
/// files, and `backup` (`+Files`), and the MQTT outbox draining (`+MQTT`). After each kill
/// it checks, with the sqlite3 shell, what a counted tap promises: `PRAGMA integrity_check` is ok;
/// every tap printed as counted is in the database exactly once (its member counts one visit, one
/// visit row, one entry, one on its counter); no tap fed is half-written or counted twice (each pass is
/// fed once in the campaign's life, so a count above one is a double count, after any restart);
/// the sync folder and the backup hold no partly written file under a final name.
/// `make faults` runs it for as long as asked; `make test` a few rounds of each.
public final class KillNineCampaign {
    public let seed: UInt64
    public let desk: DeskBinary
    /// What was checked, one line a round, for the campaign's printout.
    public private(set) var log: [String] = []
    public internal(set) var kills = 0
    public internal(set) var countedTaps = 0
    var random: SplitMix64
    var round = 0
    /// Members added before the taps, each tapped at most once; and every pass fed so far.
    private var untapped: [String] = []
    /// Known members' card UIDs (7-byte hex, as a card's UID reads), each tapped at most once.
    var untappedCards: [String] = []
    var fed: [String] = []
    let syncFolder: String
    /// The broker and subscriber of the MQTT rounds, started by the first.
    var mqtt: MQTTRig?
    /// How long each kind of run (import, sync, backup) took to its end last time: the next kill
    /// lands within a little more than that, so it is neither always too late nor always too early.
    var runTime: [String: Double] = [:]

    func window(_ kind: String, _ within: Double) -> Double { runTime[kind].map { $0 * 1.2 } ?? within }

    /// Runs the binary to its end, learning how long it took.
    func runToEnd(_ kind: String, _ arguments: [String]) throws -> DeskBinary.Result {
        let started = Date()
        let result = try desk.run(arguments, timeout: 600)
        runTime[kind] = Date().timeIntervalSince(started)
        return result
    }

    public init(seed: UInt64, knownMembers: Int = 400) throws {
        self.seed = seed
        random = SplitMix64(seed: seed)
        desk = try DeskBinary()
        syncFolder = desk.home.path + "/sync"
        try FileManager.default.createDirectory(atPath: syncFolder, withIntermediateDirectories: true)
        // No sync folder for the taps (a killed scan's last sync write is sync's own round below).
        try desk.writeConfig("debounce_seconds = 0\n")
        let database = try AppDatabase.open(path: desk.databasePath)
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "faults"))
        untapped = (0..<knownMembers).map { String(format: "K%05d", $0) }
        untappedCards = (0..<knownMembers / 4).map { String(format: "04FA%010X", $0) }
        for pass in untapped + untappedCards { try club.addMember(passId: pass) }
        untapped.reverse()
        untappedCards.reverse()
    }

    func note(_ line: String) { log.append(line) }

    // MARK: Taps

    /// Feeds `taps` passes (half known members, half unknown, enrolled) to a fresh `scan --stdin
    /// --json`, kills it after a random number of printed outcomes plus up to 3 ms (or, with
    /// `kill` false, ends its input and lets it finish), then checks every pass ever fed.
    public func scanRound(taps: Int, kill: Bool = true) throws {
        round += 1
        let passes = nextPasses(taps)
        let scan = try RunningDesk(desk, ["scan", "--stdin", "--json"])
        scan.write(passes.joined(separator: "\n") + "\n")
        let printedBeforeKill = kill ? Int(random.next(below: UInt64(taps + 1))) : taps
        if kill {
            _ = waitUntil(timeout: 120, poll: 0.001) { outcomes(scan.lines).count >= printedBeforeKill || !scan.isRunning }
            usleep(UInt32(random.next(below: 3_000)))
            guard scan.isRunning else { throw FaultCheckFailure("scan ended before its kill: \(scan.stderr)") }
            _ = scan.signal(SIGKILL, timeout: 30)
            kills += 1
        } else {
            guard waitUntil(timeout: 120, { outcomes(scan.lines).count >= taps }) else {
                throw FaultCheckFailure("scan printed \(outcomes(scan.lines).count) of \(taps) outcomes: \(scan.stderr)")
            }
            scan.closeInput()
            guard scan.waitForExit(timeout: 60) == 0 else { throw FaultCheckFailure("scan did not end well: \(scan.stderr)") }
        }
        let printed = outcomes(scan.lines)
        let counted = printed.map(\.passId)
        if !kill, Set(counted) != Set(passes) { throw FaultCheckFailure("a finished scan printed \(counted.count) of \(passes.count) taps") }
        let stored = try checkTaps(printed)
        note("scan round \(round): \(kill ? "killed after \(printed.count) of \(taps) printed" : "finished \(taps)"); "
             + "integrity ok; \(counted.count) counted taps each stored once; \(fed.count) passes fed in all, \(stored) counted once, none twice")
    }

    /// `taps` passes never fed before, half known members and half unknown (enrolled when tapped).
    func nextPasses(_ taps: Int) -> [String] {
        var passes: [String] = []
        for i in 0..<taps {
            if i % 2 == 0, let known = untapped.popLast() { passes.append(known) } else { passes.append(String(format: "U%04d-%04d", round, i)) }
        }
        fed += passes
        return passes
    }

    /// The after-kill checks of a round's taps: every printed outcome counted, integrity ok, each
    /// tap printed as counted stored exactly once, and no pass ever fed stored twice. Returns how
    /// many of the passes fed in all are counted once.
    func checkTaps(_ printed: [Printed]) throws -> Int {
        let notCounted = printed.filter { !["checkedIn", "enrolled"].contains($0.outcome) }
        if !notCounted.isEmpty { throw FaultCheckFailure("taps not counted: \(notCounted.prefix(3))") }
        try checkIntegrity()
        let figures = try tapFigures()
        for pass in printed.map(\.passId) {
            guard let figure = figures[pass], figure == TapFigures(visits: 1, visitRows: 1, entries: 1, counters: 1) else {
                throw FaultCheckFailure("tap \(pass) printed as counted is stored as \(figures[pass].map { "\($0)" } ?? "nothing")")
            }
        }
        for pass in fed {
            guard let figure = figures[pass] else { continue }  // an unknown pass not enrolled before the kill
            guard figure.visits <= 1, figure.visitRows == figure.visits, figure.entries == figure.visits,
                  figure.counters == figure.visits else {
                throw FaultCheckFailure("pass \(pass) (fed once) is stored as \(figure)")
            }
        }
        countedTaps += printed.count
        return fed.filter { (figures[$0]?.visits ?? 0) == 1 }.count
    }

    struct Printed: CustomStringConvertible {
        var passId: String
        var outcome: String
        var description: String { "\(passId): \(outcome)" }
    }

    func outcomes(_ lines: [String]) -> [Printed] {
        lines.compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let outcome = object["outcome"] as? String, let pass = object["passId"] as? String else { return nil }
            return Printed(passId: pass, outcome: outcome)
        }
    }

    struct TapFigures: Equatable, CustomStringConvertible {
        var visits, visitRows, entries, counters: Int
        var description: String { "numVisits \(visits), visit rows \(visitRows), entries \(entries), counters \(counters)" }
    }

    /// Each live member's pass with its visit count, visit rows, entry events and counters' sum.
    func tapFigures() throws -> [String: TapFigures] {
        let rows = try SQLiteShell.rows(desk.databasePath, """
            SELECT m.passId, m.numVisits,
                (SELECT count(*) FROM visit v WHERE v.memberId = m.memberId),
                (SELECT count(*) FROM visit_event e WHERE e.memberId = m.memberId AND e.kind = '\(VisitEvent.Kind.entry.rawValue)'),
                (SELECT coalesce(sum(count), 0) FROM visit_counter c WHERE c.memberId = m.memberId)
            FROM member m WHERE m.deletedAt IS NULL
            """)
        var figures: [String: TapFigures] = [:]
        for row in rows where row.count == 5 {
            let numbers = row.dropFirst().map { Int($0) ?? -1 }
            figures[row[0]] = TapFigures(visits: numbers[0], visitRows: numbers[1], entries: numbers[2], counters: numbers[3])
        }
        return figures
    }

    /// Rows of `sql` on the desk's database, through the sqlite3 shell.
    func query(_ sql: String) throws -> [[String]] { try SQLiteShell.rows(desk.databasePath, sql) }

    func checkIntegrity(_ path: String? = nil) throws {
        let path = path ?? desk.databasePath
        guard FileManager.default.fileExists(atPath: path) else { return }  // a killed first run may not have made it
        let answer = try SQLiteShell.integrity(path)
        if answer != ["ok"] { throw FaultCheckFailure("integrity_check after round \(round): \(answer.prefix(5))") }
    }

    /// Runs the binary and kills it after a random delay below `within` seconds (or it ends first).
    /// Returns whether it was killed.
    /// `learning`: a run that ends before its kill teaches `kind`'s run time (the fastest seen), so
    /// a slow first run on a loaded machine does not leave a window most runs finish within.
    func killed(_ arguments: [String], within: Double, learning kind: String? = nil) throws -> Bool {
        let started = Date()
        let child = try ChildProcess(DeskBinary.path, arguments, environment: desk.environment, stdout: .null, stderr: .null)
        let delay = Double(random.next(below: 1_000_000)) / 1_000_000 * within
        if child.wait(timeout: delay) != nil {
            if let kind { runTime[kind] = min(runTime[kind] ?? .infinity, Date().timeIntervalSince(started)) }
            return false
        }
        child.killAndWait()
        kills += 1
        return true
    }
}

/// A small seeded generator (SplitMix64): a campaign's seed replays its kills.
public struct SplitMix64 {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func next(below bound: UInt64) -> UInt64 { bound == 0 ? 0 : next() % bound }
}
