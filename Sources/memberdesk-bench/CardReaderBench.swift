import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import Synchronization

/// Tap-to-commit latency through real pcscd and a vpcd virtual card: from SCardGetStatusChange
/// returning in the monitor to the visit committed in SQLite. In the same run a bare PC/SC
/// client measures pcscd's own time to report the card (card connected -> its status wait
/// returns), so memberdesk's share is printed as a ratio of the daemon's.
func runCardReaderBench(_ arguments: [String]) throws {
    let taps = max(2, Int(arguments.first ?? "") ?? 200)
    let daemon = try PCSCDaemon.shared()
    let reader = PCSCDaemon.virtualReader
    let directory = try TemporaryDirectory()
    let database = try AppDatabase.open(path: directory.file("bench.sqlite"))
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"),
                    settings: ClubSettings(debounce: 0))
    let overheads = Mutex<[Duration]>([])
    let cardIO = Mutex<[Duration]>([])
    let commits = Mutex<[Duration]>([])
    let monitor = ReaderMonitor(context: PCSCLiteContext(), checkIns: club, events: club.bus,
                                options: .init(readerName: reader, feedback: false)) { timing in
        overheads.withLock { $0.append(timing.committed - timing.detected) }
        cardIO.withLock { $0.append(timing.read - timing.detected) }
        commits.withLock { $0.append(timing.committed - timing.read) }
    }
    let removals = club.bus.subscribe()
    monitor.start()
    defer { monitor.stop() }

    let bare = BarePCSCClient(reader: reader)
    bare.start()
    defer { bare.stop() }
    guard waitUntil(timeout: 15, { monitor.isWatching && bare.isWatching }) else {
        throw CardBenchError("the monitor or the bare client never saw \(reader)")
    }

    var detections: [Duration] = []
    var removed = 0
    let uid = VirtualCard(.uidOnly(uid: [0x04, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60]))
    let pass = VirtualCard(.ntag215(uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66], text: "1|BENCH-PASS|x|bench"))
    for tap in 0..<taps {
        let card = tap % 2 == 0 ? uid : pass
        let before = bare.presentations.count
        let inserted = ContinuousClock.now
        try card.insert()
        guard waitUntil(timeout: 10, poll: 0.0005, { overheads.withLock { $0.count } > tap && bare.presentations.count > before }) else {
            let failures = removals.drain().compactMap { event -> String? in
                switch event {
                case .reader(.failure(_, let message)): return message
                case .error(let notice): return notice.message
                default: return nil
                }
            }
            throw CardBenchError("tap \(tap + 1) was not counted (bare client saw it: \(bare.presentations.count > before)); "
                             + "errors: \(failures.joined(separator: "; "))")
        }
        detections.append(bare.presentations[before] - inserted)
        card.remove()
        guard waitUntil(timeout: 10, poll: 0.0005, {
            removed += removals.drain().filter { if case .reader(.cardRemoved) = $0 { true } else { false } }.count
            return removed > tap && bare.removals > tap
        }) else { throw CardBenchError("removal after tap \(tap + 1) was not seen") }
    }
    let overhead = overheads.withLock { $0 }
    let visits = try database.member(idOrPass: "04102030405060")?.numVisits ?? 0
    let passVisits = try database.member(idOrPass: "BENCH-PASS")?.numVisits ?? 0
    guard visits + passVisits == taps else { throw CardBenchError("\(visits + passVisits) visits for \(taps) taps") }

    func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
    func percentile(_ values: [Duration], _ p: Double) -> Double {
        let sorted = values.map(ms).sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
    let (o50, o99) = (percentile(overhead, 0.5), percentile(overhead, 0.99))
    let (d50, d99) = (percentile(detections, 0.5), percentile(detections, 0.99))
    print("cardreader: \(taps) taps (half UID-only, half NTAG215 with an NDEF pass), pcscd \(daemon.isOurs ? "started by the bench" : "already running")")
    print(String(format: "  pcscd detection, bare client (card connected -> status returns): p50 %8.3f ms  p99 %8.3f ms", d50, d99))
    print(String(format: "  memberdesk tap-to-commit (status returns -> visit committed):   p50 %8.3f ms  p99 %8.3f ms", o50, o99))
    let io = cardIO.withLock { $0 }, commit = commits.withLock { $0 }
    print(String(format: "    of which card I/O through pcscd (connect, APDUs):             p50 %8.3f ms  p99 %8.3f ms",
                 percentile(io, 0.5), percentile(io, 0.99)))
    print(String(format: "    of which the check-in (worker queue, Club: commit, publish):  p50 %8.3f ms  p99 %8.3f ms",
                 percentile(commit, 0.5), percentile(commit, 0.99)))
    print(String(format: "  ratio memberdesk / pcscd:                                      p50 %8.4f     p99 %8.4f", o50 / d50, o99 / d99))
    print(String(format: "  goal p99 tap-to-commit <= 5 ms: %@", o99 <= 5 ? "met" : "NOT met"))
}

struct CardBenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The reference: a minimal PC/SC client that only waits for the card, as pcsc_scan does.
final class BarePCSCClient: Sendable {
    private let reader: String
    private let context = PCSCLiteContext()
    private let state = Mutex<(present: [ContinuousClock.Instant], removed: Int, watching: Bool)>(([], 0, false))
    private let stopping = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    init(reader: String) { self.reader = reader }

    var presentations: [ContinuousClock.Instant] { state.withLock { $0.present } }
    var removals: Int { state.withLock { $0.removed } }
    var isWatching: Bool { state.withLock { $0.watching } }

    func start() {
        Thread.detachNewThread { [self] in
            defer { done.signal() }
            guard (try? context.establish()) != nil else { return }
            var states = [ReaderState(reader: reader)]
            var present: Bool?
            while !stopping.load(ordering: .relaxed) {
                guard let changed = try? context.getStatusChange(&states, timeoutMilliseconds: 200) else { return }
                let now = ContinuousClock.now
                if changed {
                    let isPresent = states[0].isCardPresent
                    if let was = present, was != isPresent {
                        state.withLock { if isPresent { $0.present.append(now) } else { $0.removed += 1 } }
                    }
                    present = isPresent
                    states[0].currentState = states[0].eventState
                }
                state.withLock { $0.watching = present != nil }
            }
        }
    }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        context.cancel()
        done.wait()
        context.release()
    }
}
