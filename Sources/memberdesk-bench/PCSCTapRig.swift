import CardReader
import Foundation
import MemberDeskTestSupport
import MemberKit
import Synchronization

/// What the PC/SC tap benches (SUN cards, phones' passes) share: taps through real pcscd and vpcd,
/// measured in the monitor from SCardGetStatusChange returning to the visit committed, beside a
/// bare PC/SC client that connects on each tap and sends the same APDUs, and nothing else.
struct PCSCTapRig {
    let reader = PCSCDaemon.virtualReader
    let daemon: PCSCDaemon

    init() throws { daemon = try PCSCDaemon.shared() }

    /// memberdesk's taps: the monitor with `options` checks each card `present()` gives in;
    /// `afterTap` runs once each tap has been counted and its card lifted.
    func monitored(club: Club, options: ReaderMonitor.Options, taps: Int, what: String,
                   present: () throws -> VirtualCard, afterTap: (Int) -> Void = { _ in }) throws -> (commit: [Duration], cardIO: [Duration]) {
        let commits = Mutex<[Duration]>([])
        let cardIO = Mutex<[Duration]>([])
        let monitor = ReaderMonitor(context: PCSCLiteContext(), checkIns: club, events: club.bus, options: options) { timing in
            commits.withLock { $0.append(timing.committed - timing.detected) }
            cardIO.withLock { $0.append(timing.read - timing.detected) }
        }
        let events = club.bus.subscribe()
        monitor.start()
        defer { monitor.stop() }
        guard waitUntil(timeout: 15, { monitor.isWatching }) else { throw CardBenchError("the monitor never saw \(reader)") }
        var removed = 0
        for tap in 0..<taps {
            let card = try present()
            try card.insert()
            guard waitUntil(timeout: 10, poll: 0.0005, { commits.withLock { $0.count } > tap }) else {
                let failures = events.drain().compactMap { if case .reader(.failure(_, let message)) = $0 { message } else { nil } }
                throw CardBenchError("\(what) tap \(tap + 1) was not counted: \(failures.joined(separator: "; "))")
            }
            card.remove()
            guard waitUntil(timeout: 10, poll: 0.0005, {
                removed += events.drain().filter { if case .reader(.cardRemoved) = $0 { true } else { false } }.count
                return removed > tap
            }) else { throw CardBenchError("removal after \(what) tap \(tap + 1) was not seen") }
            afterTap(tap)
        }
        return (commits.withLock { $0 }, cardIO.withLock { $0 })
    }

    /// The reference: on each tap of a card `present()` gives, a bare client connects and runs `exchange`.
    func bare(taps: Int, what: String, present: () throws -> VirtualCard,
              exchange: (any CardChannel) throws -> Void) throws -> [Duration] {
        var durations: [Duration] = []
        let context = PCSCLiteContext()
        try context.establish()
        defer { context.release() }
        for _ in 0..<taps {
            let card = try present()
            try card.insert()
            var states = [ReaderState(reader: reader)]
            guard waitUntil(timeout: 10, poll: 0, {
                _ = try? context.getStatusChange(&states, timeoutMilliseconds: 50)
                states[0].currentState = states[0].eventState
                return states[0].isCardPresent
            }) else { throw CardBenchError("the bare client never saw the \(what)") }
            let start = ContinuousClock.now
            let channel = try context.connect(reader: reader)
            try exchange(channel)
            channel.disconnect()
            durations.append(.now - start)
            card.remove()
            guard waitUntil(timeout: 10, poll: 0, {
                _ = try? context.getStatusChange(&states, timeoutMilliseconds: 50)
                states[0].currentState = states[0].eventState
                return !states[0].flags.contains(.present)
            }) else { throw CardBenchError("the bare client never saw the \(what) lifted") }
        }
        return durations
    }

    /// The figures, the ratio and whether p99 tap-to-commit meets `goalMilliseconds`.
    func report(bare: [Duration], bareLabel: String, measured: (commit: [Duration], cardIO: [Duration]),
                cardIOLabel: String, goalMilliseconds: Double, goalLabel: String) {
        let (o50, o99) = (Self.percentile(measured.commit, 0.5), Self.percentile(measured.commit, 0.99))
        let (b50, b99) = (Self.percentile(bare, 0.5), Self.percentile(bare, 0.99))
        func line(_ label: String, _ p50: Double, _ p99: Double, unit: String = " ms") -> String {
            String(format: "  %@ p50 %8.3f%@  p99 %8.3f%@", label.padding(toLength: 96, withPad: " ", startingAt: 0), p50, unit, p99, unit)
        }
        print(line("bare client, \(bareLabel):", b50, b99))
        print(line("memberdesk tap-to-commit (status returns -> visit committed):", o50, o99))
        print(line("  of which \(cardIOLabel):", Self.percentile(measured.cardIO, 0.5), Self.percentile(measured.cardIO, 0.99)))
        print(line("ratio memberdesk / bare client:", o50 / b50, o99 / b99, unit: "   "))
        print(String(format: "  goal p99 tap-to-commit < %.0f ms (%@): %@", goalMilliseconds, goalLabel, o99 < goalMilliseconds ? "met" : "NOT met"))
    }

    static func percentile(_ values: [Duration], _ p: Double) -> Double {
        let sorted = values.map { Double($0.components.seconds) * 1000 + Double($0.components.attoseconds) / 1e15 }.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}
