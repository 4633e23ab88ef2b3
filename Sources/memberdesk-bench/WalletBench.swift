import CardReader
import Crypto
import Foundation
import MemberDeskTestSupport
import MemberKit
import Synchronization
import WalletReading

/// A phone held to the reader (Apple VAS) through real pcscd and the virtual phone on vpcd: from
/// SCardGetStatusChange returning in the monitor to the visit committed (GET UID, the card
/// applications' SELECTs, SELECT OSE.VAS.01, GET VAS DATA, the cryptogram opened, the replay claim,
/// the commit). The reference, in the same run: a bare PC/SC client that, on each tap of the same
/// phone, connects and sends exactly the APDUs the monitor sent on its last tap, and nothing else.
/// The phone seals a fresh cryptogram at each GET VAS DATA in both phases (its side is the same).
func runWalletBench(_ arguments: [String]) throws {
    let taps = max(2, Int(arguments.first ?? "") ?? 200)
    let daemon = try PCSCDaemon.shared()
    let reader = PCSCDaemon.virtualReader
    let directory = try TemporaryDirectory()
    let database = try AppDatabase.open(path: directory.file("bench.sqlite"))
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"), settings: ClubSettings(debounce: 0))
    _ = try club.addMember(passId: "WALLET-BENCH", username: "Bench")
    let passType = "pass.org.example.bench"
    let key = P256.KeyAgreement.PrivateKey()
    let phone = VirtualPhone(passes: [.init(passTypeId: passType, message: "WALLET-BENCH", readerKey: key.publicKey)])

    // Phase 1: memberdesk.
    let overheads = Mutex<[Duration]>([])
    let cardIO = Mutex<[Duration]>([])
    let monitor = ReaderMonitor(context: PCSCLiteContext(), checkIns: club, events: club.bus,
                                options: .init(readerName: reader, feedback: false,
                                               wallet: WalletReaders(apple: VASSetup(passTypeIds: [passType], keys: [key])))) { timing in
        overheads.withLock { $0.append(timing.committed - timing.detected) }
        cardIO.withLock { $0.append(timing.read - timing.detected) }
    }
    let events = club.bus.subscribe()
    monitor.start()
    guard waitUntil(timeout: 15, { monitor.isWatching }) else { throw CardBenchError("the monitor never saw \(reader)") }
    var removed = 0
    var lastTap: [[UInt8]] = []
    for tap in 0..<taps {
        let card = phone.card()
        let before = phone.received.count
        try card.insert()
        guard waitUntil(timeout: 10, poll: 0.0005, { overheads.withLock { $0.count } > tap }) else {
            let failures = events.drain().compactMap { if case .reader(.failure(_, let message)) = $0 { message } else { nil } }
            throw CardBenchError("phone tap \(tap + 1) was not counted: \(failures.joined(separator: "; "))")
        }
        card.remove()
        guard waitUntil(timeout: 10, poll: 0.0005, {
            removed += events.drain().filter { if case .reader(.cardRemoved) = $0 { true } else { false } }.count
            return removed > tap
        }) else { throw CardBenchError("removal after phone tap \(tap + 1) was not seen") }
        lastTap = Array(phone.received.dropFirst(before))
    }
    monitor.stop()
    let visits = try database.member(idOrPass: "WALLET-BENCH")?.numVisits ?? 0
    guard visits == taps else { throw CardBenchError("\(visits) visits for \(taps) phone taps") }

    // Phase 2, the reference: the same APDUs by a bare client, without memberdesk.
    var bare: [Duration] = []
    let context = PCSCLiteContext()
    try context.establish()
    for _ in 0..<taps {
        let card = phone.card()
        try card.insert()
        var states = [ReaderState(reader: reader)]
        let seen = waitUntil(timeout: 10, poll: 0) {
            _ = try? context.getStatusChange(&states, timeoutMilliseconds: 50)
            states[0].currentState = states[0].eventState
            return states[0].isCardPresent
        }
        guard seen else { throw CardBenchError("the bare client never saw the phone") }
        let start = ContinuousClock.now
        let channel = try context.connect(reader: reader)
        for apdu in lastTap { _ = try channel.transmit(apdu) }
        channel.disconnect()
        bare.append(.now - start)
        card.remove()
        guard waitUntil(timeout: 10, poll: 0, {
            _ = try? context.getStatusChange(&states, timeoutMilliseconds: 50)
            states[0].currentState = states[0].eventState
            return !states[0].flags.contains(.present)
        }) else { throw CardBenchError("the bare client never saw the phone lifted") }
    }
    context.release()

    func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
    func percentile(_ values: [Duration], _ p: Double) -> Double {
        let sorted = values.map(ms).sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
    let overhead = overheads.withLock { $0 }
    let (o50, o99) = (percentile(overhead, 0.5), percentile(overhead, 0.99))
    let (b50, b99) = (percentile(bare, 0.5), percentile(bare, 0.99))
    let io = cardIO.withLock { $0 }
    print("wallet-reading: \(taps) taps of a phone with an Apple Wallet pass (VAS on vpcd), pcscd \(daemon.isOurs ? "started by the bench" : "already running")")
    print(String(format: "  bare client, the same %d APDUs (connect, GET UID, SELECTs, GET VAS DATA): p50 %8.3f ms  p99 %8.3f ms",
                 lastTap.count, b50, b99))
    print(String(format: "  memberdesk phone-to-commit (status returns -> visit committed):       p50 %8.3f ms  p99 %8.3f ms", o50, o99))
    print(String(format: "    of which card I/O and opening the cryptogram:                        p50 %8.3f ms  p99 %8.3f ms",
                 percentile(io, 0.5), percentile(io, 0.99)))
    print(String(format: "  ratio memberdesk / bare client:                                          p50 %8.3f     p99 %8.3f", o50 / b50, o99 / b99))
    print(String(format: "  goal p99 phone-to-commit < 25 ms (VAS): %@", o99 < 25 ? "met" : "NOT met"))
}
