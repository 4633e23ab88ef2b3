import Foundation

/// The MQTT outbox draining: taps through `scan --stdin` with `[mqtt]` on a real mosquitto, the
/// desk killed while it queues and sends; a restarted desk drains what is left. A subscriber that
/// outlives every desk hears all of it.
extension KillNineCampaign {
    /// Feeds `taps` passes to a desk that publishes each tap, kills it after a random number of
    /// printed outcomes (the outbox draining meanwhile), checks the taps as every round does, then
    /// lets a restarted desk empty the outbox. Over all MQTT rounds so far: every tap printed as
    /// counted arrived; a tap arrived under one `eventId` only (once, or again with the same id and
    /// payload: QoS 1); and every tap that arrived is stored exactly once.
    public func mqttRound(taps: Int) throws {
        round += 1
        let rig = try mqtt ?? MQTTRig(desk: desk)
        mqtt = rig
        let passes = nextPasses(taps)
        let scan = try RunningDesk(desk, ["scan", "--stdin", "--json", "--config", rig.config])
        scan.write(passes.joined(separator: "\n") + "\n")
        let printedBeforeKill = Int(random.next(below: UInt64(taps + 1)))
        _ = waitUntil(timeout: 120, poll: 0.001) { outcomes(scan.lines).count >= printedBeforeKill || !scan.isRunning }
        usleep(UInt32(random.next(below: 3_000)))
        guard scan.isRunning else { throw FaultCheckFailure("scan ended before its kill: \(scan.stderr)") }
        _ = scan.signal(SIGKILL, timeout: 30)
        kills += 1
        let printed = outcomes(scan.lines)
        let stored = try checkTaps(printed)
        rig.counted += printed.map(\.passId)
        let queued = try outboxCount()

        // The restarted desk sends what is left, then ends at the end of its (empty) input.
        let restart = try RunningDesk(desk, ["scan", "--stdin", "--json", "--config", rig.config])
        guard try waitUntil(timeout: 60, { try outboxCount() == 0 }) else {
            throw FaultCheckFailure("the restarted desk left \(try outboxCount()) messages in the outbox: \(restart.stderr)")
        }
        restart.closeInput()
        guard restart.waitForExit(timeout: 30) == 0 else { throw FaultCheckFailure("the restarted desk did not end well: \(restart.stderr)") }
        // The broker acknowledges before every subscriber has its copy: wait for the counted taps' copies.
        let expected = Set(rig.counted)
        _ = waitUntil(timeout: 15, poll: 0.05) { expected.isSubset(of: Set(rig.taps().compactMap(\.passId))) }
        let heard = rig.taps()
        let arrived = Set(heard.compactMap(\.passId))
        let lost = expected.subtracting(arrived)
        if !lost.isEmpty { throw FaultCheckFailure("taps printed as counted never arrived over MQTT: \(lost.sorted().prefix(5)) (\(lost.count))") }
        var byEvent: [String: String] = [:], eventOf: [String: String] = [:]
        for message in heard {
            guard let eventId = message.eventId, let pass = message.passId else {
                throw FaultCheckFailure("a check-in message without eventId or passId: \(message.payload)")
            }
            if let earlier = byEvent[eventId], earlier != message.payload {
                throw FaultCheckFailure("eventId \(eventId) came with two payloads: \(earlier) and \(message.payload)")
            }
            byEvent[eventId] = message.payload
            if let other = eventOf[pass], other != eventId {
                throw FaultCheckFailure("pass \(pass) (fed once) arrived as two events, \(other) and \(eventId): counted twice")
            }
            eventOf[pass] = eventId
        }
        let figures = try tapFigures()
        for pass in arrived where figures[pass]?.visits != 1 {
            throw FaultCheckFailure("pass \(pass) arrived over MQTT but is stored as \(figures[pass].map { "\($0)" } ?? "nothing")")
        }
        note("mqtt round \(round): killed after \(printed.count) of \(taps) printed, \(queued) messages left in the outbox; "
             + "integrity ok; \(printed.count) counted taps each stored once, \(stored) of \(fed.count) fed counted once; "
             + "restarted desk drained the outbox: \(byEvent.count) tap events heard in all, \(heard.count - byEvent.count) again with the same eventId, "
             + "every counted tap arrived, none under two eventIds")
    }

    func outboxCount() throws -> Int {
        Int(try query("SELECT count(*) FROM mqtt_outbox").first?.first ?? "") ?? -1
    }
}

/// A mosquitto broker and a `mosquitto_sub` (QoS 1) on its check-in topic, for the whole campaign,
/// and the desk's config that points at it.
final class MQTTRig {
    let broker: MosquittoBroker
    let subscriber: ChildProcess
    /// The subscriber's output: one `topic payload` line a message.
    let received: String
    /// A config like the desk's own, with `[mqtt]` on this broker under the prefix `faults`.
    let config: String
    /// Every tap an MQTT round printed as counted.
    var counted: [String] = []

    struct Message {
        var payload: String
        var eventId: String?
        var passId: String?
        var outcome: String?
    }

    init(desk: DeskBinary) throws {
        broker = try MosquittoBroker()
        try broker.start()
        received = broker.home.file("received")
        subscriber = try ChildProcess("/usr/bin/mosquitto_sub", ["-h", "127.0.0.1", "-p", "\(broker.port)", "-q", "1", "-v",
                                                                 "-t", "faults/checkin", "-t", "faults/probe"], stdout: .file(received))
        config = desk.home.file("mqtt.toml")
        try """
            debounce_seconds = 0
            [mqtt]
            url = "\(broker.url)"
            topic_prefix = "faults"
            discovery = false
            """.write(toFile: config, atomically: true, encoding: .utf8)
        // Subscribed once a probe it was sent comes back.
        let port = broker.port
        let received = received
        let listening = waitUntil(timeout: 15, poll: 0.2) {
            _ = try? ChildProcess("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", "\(port)", "-t", "faults/probe", "-m", "probe"])
                .wait(timeout: 10)
            return (try? String(contentsOfFile: received, encoding: .utf8))?.contains("faults/probe probe") ?? false
        }
        if !listening { throw FaultCheckFailure("mosquitto_sub never heard its probe on port \(port)") }
    }

    deinit {
        subscriber.killAndWait()
        broker.stop()
    }

    /// Every check-in message heard so far.
    func checkIns() -> [Message] {
        let text = (try? String(contentsOfFile: received, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("faults/checkin ") else { return nil }
            let payload = String(line.dropFirst("faults/checkin ".count))
            let object = (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any]
            return Message(payload: payload, eventId: object?["eventId"] as? String, passId: object?["passId"] as? String,
                           outcome: object?["outcome"] as? String)
        }
    }

    /// The taps heard: every check-in message but the staff check-outs' (`staffCheckOutRound`'s own;
    /// the taps here are all entries, `debounce_seconds = 0` under `occupancy.tap = "in"`).
    func taps() -> [Message] {
        checkIns().filter { $0.outcome != "checkedOut" }
    }
}
