import DeskMQTT
import DeskSettings
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Synchronization

/// A tap to its MQTT message at `mosquitto_sub` on loopback (a real mosquitto): p50 and p99 over
/// `taps` taps of known members, beside `mosquitto_pub` → the same `mosquitto_sub` for the same
/// payload (its figure includes starting the process, as a shell script's publish would). Then
/// 10,000 queued events drained, beside the 2 s goal.
func runMQTTBench(_ arguments: [String]) throws {
    let taps = arguments.first.flatMap(Int.init) ?? 200
    let broker = try MosquittoBroker()
    try broker.start()
    defer { broker.stop() }
    let directory = try TemporaryDirectory()
    let database = try AppDatabase.open(path: directory.file("members.sqlite"))
    let club = Club(database: database, terminal: try database.terminalIdentity(name: "bench"))
    var config = DeskConfig.MQTT()
    config.url = broker.url
    config.discovery = false
    let settings = try MQTTSettings.resolve(config, terminal: club.terminal)
    let passes = (0..<taps).map { String(format: "0A%06X", $0) }
    for pass in passes { try club.addMember(passId: pass) }

    let subscriber = try LineSubscriber(port: broker.port, topics: [settings.topic("checkin"), "bench/reference"])
    defer { subscriber.stop() }
    try subscriber.waitUntilSubscribed(port: broker.port, topic: "bench/reference")

    let service = MQTTService(settings: settings, database: database, bus: club.bus, softwareVersion: "bench")
    club.queueEventMessages(service.publisher.eventMessages)  // as the desk wires it: the tap's messages in its own commit
    service.start()
    defer { service.stop() }
    guard waitUntil(timeout: 10, { service.sender.currentStatus.state == .connected }) else {
        throw MosquittoBrokerError("memberdesk did not connect: \(service.sender.currentStatus)")
    }

    func percentiles(_ values: [Double]) -> (Double, Double) {
        let sorted = values.sorted()
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))])
    }

    var ours: [Double] = []
    for (i, pass) in passes.enumerated() {
        let t0 = DispatchTime.now().uptimeNanoseconds
        _ = try club.checkIn(passId: pass, source: .nfc)
        guard let arrival = subscriber.arrival(of: pass, timeout: 10) else { throw MosquittoBrokerError("tap \(i) never arrived") }
        ours.append(Double(arrival - t0) / 1e6)
        Thread.sleep(forTimeInterval: 0.01)
    }

    var reference: [Double] = []
    for i in 0..<taps {
        let pass = String(format: "0B%06X", i)
        let payload = #"{"desk":"bench","eventId":"\#(UUID().uuidString)","outcome":"checkedIn","passId":"\#(pass)","source":"nfc"}"#
        let t0 = DispatchTime.now().uptimeNanoseconds
        let child = try ChildProcess("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", String(broker.port), "-q", "1",
                                                                 "-t", "bench/reference", "-m", payload])
        guard let arrival = subscriber.arrival(of: pass, timeout: 10) else { throw MosquittoBrokerError("mosquitto_pub \(i) never arrived") }
        reference.append(Double(arrival - t0) / 1e6)
        _ = child.wait(timeout: 10)
    }
    let (p50, p99) = percentiles(ours)
    let (r50, r99) = percentiles(reference)
    print(String(format: "tap → mosquitto_sub (commit, outbox, sender, broker): p50 %.2f ms, p99 %.2f ms over %d taps", p50, p99, taps))
    print(String(format: "mosquitto_pub → mosquitto_sub, same payload:          p50 %.2f ms, p99 %.2f ms (ratio p99 %.2f)", r50, r99, p99 / r99))

    // Drain: 10,000 events queued while the sender is away, then it starts.
    service.stop()
    let drainCount = 10_000
    try database.enqueueOutbox((0..<drainCount).map {
        OutboxMessage(topic: settings.topic("checkin"), text: #"{"passId":"D\#($0)"}"#)
    }, limit: 100_000, now: SystemClock().now())
    let drainService = MQTTService(settings: settings, database: database, bus: club.bus, softwareVersion: "bench")
    let t0 = DispatchTime.now().uptimeNanoseconds
    drainService.start()
    defer { drainService.stop() }
    guard subscriber.arrival(of: "D\(drainCount - 1)", timeout: 60) != nil,
          waitUntil(timeout: 60, poll: 0.005, { (try? database.outboxCount()) == 0 }) else {
        throw MosquittoBrokerError("the outbox did not drain")
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
    print(String(format: "%d queued events drained (acknowledged, removed) in %.2f s; goal 2 s (ratio %.2f)", drainCount, seconds, seconds / 2))
}

/// `mosquitto_sub` on the bench's topics, its lines timed as they arrive: both sides of the
/// comparison are measured at the same subscriber, the one the issue names.
final class LineSubscriber: Sendable {
    private let child: ChildProcess
    private let arrivals = Mutex<[String: UInt64]>([:])
    private let arrived = NSCondition()

    init(port: Int, topics: [String]) throws {
        child = try ChildProcess("/usr/bin/mosquitto_sub", ["-h", "127.0.0.1", "-p", String(port), "-q", "1"]
                                    + topics.flatMap { ["-t", $0] }, stdout: .pipe)
        guard let fd = child.output?.fileDescriptor else { throw MosquittoBrokerError("mosquitto_sub has no output") }
        Thread.detachNewThread { [self] in read(fd) }
    }

    private func read(_ fd: Int32) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            guard count > 0 else { return }
            let now = DispatchTime.now().uptimeNanoseconds
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                guard let range = line.range(of: #""passId":""#) else { continue }
                let pass = String(line[range.upperBound...].prefix { $0 != "\"" })
                arrivals.withLock { $0[pass] = now }
            }
            arrived.lock()
            arrived.broadcast()
            arrived.unlock()
        }
    }

    /// When the payload with this pass id arrived (nil if not within `timeout` seconds).
    func arrival(of pass: String, timeout: TimeInterval) -> UInt64? {
        // `NSCondition` waits until a wall-clock date: the system clock's.
        let deadline = SystemClock().now().addingTimeInterval(timeout)
        arrived.lock()
        defer { arrived.unlock() }
        while true {
            if let time = arrivals.withLock({ $0[pass] }) { return time }
            guard arrived.wait(until: deadline) else { return arrivals.withLock { $0[pass] } }
        }
    }

    /// Publishes probes until one arrives: then the subscription is in place.
    func waitUntilSubscribed(port: Int, topic: String) throws {
        for attempt in 0..<50 {
            let probe = "PROBE\(attempt)"
            let pub = try ChildProcess("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", String(port), "-q", "1", "-t", topic,
                                                                   "-m", #"{"passId":"\#(probe)"}"#])
            _ = pub.wait(timeout: 10)
            if arrival(of: probe, timeout: 0.2) != nil { return }
        }
        throw MosquittoBrokerError("mosquitto_sub did not subscribe")
    }

    func stop() {
        _ = child.killAndWait()
    }
}
