import DeskMQTT
import Foundation
import MemberDeskTestSupport
import MemberKit
import Synchronization

/// A tap to its MQTT message at a subscriber on loopback (a real mosquitto): p50 and p99 over
/// `taps` taps, beside `mosquitto_pub` → the same subscriber for the same payload (its figure includes
/// starting the process, as a shell script's publish would). Then 10,000 queued events drained, beside the 2 s goal.
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

    // The subscriber: arrival time of each payload's pass id.
    let arrivals = Mutex<[String: UInt64]>([:])
    let arrived = DispatchSemaphore(value: 0)
    let subscriber = MosquittoConnection(options: MQTTConnectionOptions(
        broker: settings.broker, clientId: "bench-sub", credentials: MQTTCredentials(),
        will: OutboxMessage(topic: "bench/will", text: ""), keepAlive: 30))
    let connected = DispatchSemaphore(value: 0)
    try subscriber.open { event in
        switch event {
        case .connected: connected.signal()
        case .message(_, let payload):
            let now = DispatchTime.now().uptimeNanoseconds
            let text = String(decoding: payload, as: UTF8.self)
            guard let range = text.range(of: #""passId":""#) else { return }
            let pass = String(text[range.upperBound...].prefix { $0 != "\"" })
            arrivals.withLock { $0[pass] = now }
            arrived.signal()
        default: break
        }
    }
    guard connected.wait(timeout: .now() + 10) == .success else { throw MosquittoBrokerError("bench subscriber did not connect") }
    try subscriber.subscribe(settings.topic("checkin"))
    try subscriber.subscribe("bench/reference")
    defer { subscriber.close(graceful: true) }

    let service = MQTTService(settings: settings, database: database, bus: club.bus, softwareVersion: "bench")
    service.start()
    defer { service.stop() }
    guard waitUntil(timeout: 10, { service.sender.currentStatus.state == .connected }) else {
        throw MosquittoBrokerError("memberdesk did not connect: \(service.sender.currentStatus)")
    }
    Thread.sleep(forTimeInterval: 0.2)  // the subscriptions' SUBACKs

    func percentiles(_ values: [Double]) -> (Double, Double) {
        let sorted = values.sorted()
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))])
    }

    var ours: [Double] = []
    for i in 0..<taps {
        let pass = String(format: "0A%06X", i)
        let t0 = DispatchTime.now().uptimeNanoseconds
        _ = try club.checkIn(passId: pass, source: .nfc)
        while arrivals.withLock({ $0[pass] }) == nil {
            guard arrived.wait(timeout: .now() + 10) == .success else { throw MosquittoBrokerError("tap \(i) never arrived") }
        }
        ours.append(Double(arrivals.withLock { $0[pass]! } - t0) / 1e6)
        Thread.sleep(forTimeInterval: 0.01)
    }

    var reference: [Double] = []
    for i in 0..<taps {
        let pass = String(format: "0B%06X", i)
        let payload = #"{"desk":"bench","eventId":"\#(UUID().uuidString)","outcome":"checkedIn","passId":"\#(pass)","source":"nfc"}"#
        let t0 = DispatchTime.now().uptimeNanoseconds
        let child = try ChildProcess("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", String(broker.port), "-q", "1",
                                                                 "-t", "bench/reference", "-m", payload])
        while arrivals.withLock({ $0[pass] }) == nil {
            guard arrived.wait(timeout: .now() + 10) == .success else { throw MosquittoBrokerError("mosquitto_pub \(i) never arrived") }
        }
        reference.append(Double(arrivals.withLock { $0[pass]! } - t0) / 1e6)
        _ = child.wait(timeout: 10)
    }
    let (p50, p99) = percentiles(ours)
    let (r50, r99) = percentiles(reference)
    print(String(format: "tap → subscriber (commit, outbox, sender, broker): p50 %.2f ms, p99 %.2f ms over %d taps", p50, p99, taps))
    print(String(format: "mosquitto_pub → subscriber, same payload:          p50 %.2f ms, p99 %.2f ms (ratio p99 %.2f)", r50, r99, p99 / r99))

    // Drain: 10,000 events queued while the sender is away, then it starts.
    service.stop()
    let drainCount = 10_000
    try database.enqueueOutbox((0..<drainCount).map {
        OutboxMessage(topic: settings.topic("checkin"), text: #"{"passId":"D\#($0)"}"#)
    }, limit: 100_000, now: Date())
    let drainService = MQTTService(settings: settings, database: database, bus: club.bus, softwareVersion: "bench")
    let t0 = DispatchTime.now().uptimeNanoseconds
    drainService.start()
    defer { drainService.stop() }
    guard waitUntil(timeout: 60, poll: 0.005, { arrivals.withLock { $0["D\(drainCount - 1)"] != nil } && (try? database.outboxCount()) == 0 }) else {
        throw MosquittoBrokerError("the outbox did not drain")
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
    print(String(format: "%d queued events drained (acknowledged, removed) in %.2f s; goal 2 s (ratio %.2f)", drainCount, seconds, seconds / 2))
}
