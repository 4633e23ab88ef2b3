import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import SecureCards
import Synchronization

/// A SUN card's tap through real pcscd and the virtual NTAG 424 DNA: from SCardGetStatusChange
/// returning in the monitor to the visit committed (Type 4 NDEF read, SUN verification, replay
/// check, commit). The reference, in the same run: a bare PC/SC client that, on each tap of the
/// same tag, connects and sends the same APDUs (GET UID, the SELECTs and READ BINARYs) and
/// nothing else. The two take turns over the taps, so the tag's counter keeps rising for both.
func runSecureCardBench(_ arguments: [String]) throws {
    let taps = max(2, Int(arguments.first ?? "") ?? 200)
    let daemon = try PCSCDaemon.shared()
    let reader = PCSCDaemon.virtualReader
    let directory = try TemporaryDirectory()
    let database = try AppDatabase.open(path: directory.file("bench.sqlite"))
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"), settings: ClubSettings(debounce: 0))
    let master = [UInt8](repeating: 0x5A, count: 16)
    let url = "https://club.example/c?picc_data=\(String(repeating: "0", count: 32))&cmac=\(String(repeating: "0", count: 16))"
    let tag = try VirtualNTAG424.personalised(uid: [0x04, 0x22, 0x44, 0x66, 0x88, 0xAA, 0xCC], keys: .master(master), url: url)
    let card = VirtualCard(.ntag424(tag))

    // Phase 1, the reference: the bare client reads the tag as the monitor would, without memberdesk.
    var bare: [Duration] = []
    let context = PCSCLiteContext()
    try context.establish()
    for _ in 0..<taps {
        try card.insert()
        var states = [ReaderState(reader: reader)]
        let seen = waitUntil(timeout: 10, poll: 0) {
            _ = try? context.getStatusChange(&states, timeoutMilliseconds: 50)
            states[0].currentState = states[0].eventState
            return states[0].isCardPresent
        }
        guard seen else { throw CardBenchError("the bare client never saw the tag") }
        let start = ContinuousClock.now
        let channel = try context.connect(reader: reader)
        _ = try channel.transmit(APDU.getUID)
        guard try Type4NDEFReader.readMessage(channel) != nil else { throw CardBenchError("the bare client read no NDEF message") }
        channel.disconnect()
        bare.append(.now - start)
        card.remove()
        guard waitUntil(timeout: 10, poll: 0, {
            _ = try? context.getStatusChange(&states, timeoutMilliseconds: 50)
            states[0].currentState = states[0].eventState
            return !states[0].flags.contains(.present)
        }) else { throw CardBenchError("the bare client never saw the tag lifted") }
    }
    context.release()

    // Phase 2: memberdesk.
    let overheads = Mutex<[Duration]>([])
    let cardIO = Mutex<[Duration]>([])
    let monitor = ReaderMonitor(context: PCSCLiteContext(), checkIns: club, events: club.bus,
                                options: .init(readerName: reader, feedback: false,
                                               applications: [Type4NDEFReader(verifier: SUNVerifier(keys: .master(master)))])) { timing in
        overheads.withLock { $0.append(timing.committed - timing.detected) }
        cardIO.withLock { $0.append(timing.read - timing.detected) }
    }
    let events = club.bus.subscribe()
    monitor.start()
    defer { monitor.stop() }
    guard waitUntil(timeout: 15, { monitor.isWatching }) else { throw CardBenchError("the monitor never saw \(reader)") }
    var removed = 0
    for tap in 0..<taps {
        try card.insert()
        guard waitUntil(timeout: 10, poll: 0.0005, { overheads.withLock { $0.count } > tap }) else {
            throw CardBenchError("SUN tap \(tap + 1) was not counted")
        }
        card.remove()
        guard waitUntil(timeout: 10, poll: 0.0005, {
            removed += events.drain().filter { if case .reader(.cardRemoved) = $0 { true } else { false } }.count
            return removed > tap
        }) else { throw CardBenchError("removal after SUN tap \(tap + 1) was not seen") }
    }
    let visits = try database.member(idOrPass: "SUN:0422446688AACC")?.numVisits ?? 0
    guard visits == taps else { throw CardBenchError("\(visits) visits for \(taps) SUN taps") }

    func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
    func percentile(_ values: [Duration], _ p: Double) -> Double {
        let sorted = values.map(ms).sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
    let overhead = overheads.withLock { $0 }
    let (o50, o99) = (percentile(overhead, 0.5), percentile(overhead, 0.99))
    let (b50, b99) = (percentile(bare, 0.5), percentile(bare, 0.99))
    let io = cardIO.withLock { $0 }
    print("securecard: \(taps) taps of a SUN tag (NTAG 424 DNA on vpcd), pcscd \(daemon.isOurs ? "started by the bench" : "already running")")
    print(String(format: "  bare client, the same APDUs (connect, GET UID, SELECTs, READ BINARYs): p50 %8.3f ms  p99 %8.3f ms", b50, b99))
    print(String(format: "  memberdesk tap-to-commit (status returns -> visit committed):        p50 %8.3f ms  p99 %8.3f ms", o50, o99))
    print(String(format: "    of which card I/O and SUN verification:                            p50 %8.3f ms  p99 %8.3f ms",
                 percentile(io, 0.5), percentile(io, 0.99)))
    print(String(format: "  ratio memberdesk / bare client:                                     p50 %8.3f     p99 %8.3f", o50 / b50, o99 / b99))
    print(String(format: "  goal p99 tap-to-commit < 20 ms: %@", o99 < 20 ? "met" : "NOT met"))
}
