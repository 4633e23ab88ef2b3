import BeaconKit
import Foundation
import MemberDeskTestSupport
import MemberKit

/// `memberdesk-bench beacons [--reports N] [--datalink h4|monitor] [--capture FILE]`:
/// writes a capture of N advertising reports from 100 beacons (10 Hz each), replays it as
/// fast as possible through the parser and the presence tracker, and times `btmon -r` on the
/// same file as the reference.
/// `memberdesk-bench beacons sample FILE [--datalink h4|monitor]` writes the demo capture.
func runBeaconBench(_ arguments: [String]) throws {
    let options = BenchOptions(arguments)
    let datalink: BtsnoopWriter.Datalink = options.value("--datalink") == "h4" ? .h4 : .monitor
    if options.positional.first == "sample" {
        guard options.positional.count == 2 else { throw BeaconBenchError.usage("beacons sample FILE") }
        let capture = BeaconDemoScene.capture(datalink)
        try capture.write(to: options.positional[1])
        print("wrote \(options.positional[1]): \(capture.recordCount) records, \(capture.bytes.count) bytes")
        return
    }
    let reports = Int(options.value("--reports") ?? "") ?? 1_000_000
    let path = options.value("--capture") ?? NSTemporaryDirectory() + "memberdesk-beacons-\(getpid()).btsnoop"
    let keep = options.value("--capture") != nil
    defer { if !keep { try? FileManager.default.removeItem(atPath: path) } }

    let written = try measure { try crowdCapture(reports: reports, datalink: datalink).write(to: path) }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print(String(format: "capture: %d reports from 100 beacons, %.1f MB, %@, written in %.2f s",
                 reports, Double(size) / 1e6, datalink == .h4 ? "H4 (1002)" : "monitor (2001)", written))

    // Ours: best of three, parser + tracker on this one thread.
    var best = Double.infinity
    var seen = 0, beacons = 0
    for _ in 0..<3 {
        var events = 0
        let pipeline = BeaconPipeline(tracker: PresenceTracker { _ in events += 1 })
        let seconds = try measure {
            let source = BtsnoopReplay(path: path, pacing: .fast)
            try source.start()
            try pipeline.run(source)
        }
        best = min(best, seconds)
        seen = pipeline.reportCount
        beacons = pipeline.tracker.count
    }
    guard seen == reports, beacons == 100 else {
        throw BeaconBenchError.failed("replay saw \(seen) reports and \(beacons) beacons, expected \(reports) and 100")
    }
    let rate = Double(reports) / best
    print(String(format: "memberdesk replay --fast (parser + tracker): %.3f s, %.0f reports/s (goal: 1,000,000/s) %@",
                 best, rate, rate >= 1_000_000 ? "ok" : "BELOW GOAL"))

    // The same through the CLI, process start and summary included.
    let cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("memberdesk").path
    if FileManager.default.isExecutableFile(atPath: cli) {
        let seconds = try measure { try runQuietly(cli, ["beacons", "--replay", path, "--fast", "--summary"]) }
        print(String(format: "memberdesk beacons --replay --fast --summary (whole CLI): %.3f s, %.0f reports/s",
                     seconds, Double(reports) / seconds))
    }

    // Reference: btmon decoding the same file, output thrown away.
    guard let btmon = ["/usr/bin/btmon", "/bin/btmon"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        print("btmon not installed (Debian package bluez): no reference run")
        return
    }
    let reference = try measure { try runQuietly(btmon, ["-r", path]) }
    print(String(format: "btmon -r (reference): %.3f s, %.0f reports/s", reference, Double(reports) / reference))
    print(String(format: "ratio: memberdesk is %.1fx btmon's speed (goal: > 1)", reference / best))
}

/// 100 beacons of all four kinds, 10 reports a second each, one report per HCI event.
func crowdCapture(reports: Int, datalink: BtsnoopWriter.Datalink) -> BtsnoopWriter {
    var events: [[UInt8]] = []
    for index in 0..<100 {
        let minor = UInt16(index)
        let data: [UInt8]
        switch index % 5 {
        case 0, 1: data = AdvertisingFixture.iBeacon(uuid: BeaconDemoScene.memberUUID, major: 1, minor: minor)
        case 2: data = AdvertisingFixture.altBeacon(uuid: BeaconDemoScene.deskUUID, major: 2, minor: minor)
        case 3: data = AdvertisingFixture.eddystoneUID(namespace: BeaconDemoScene.namespace,
                                                       instance: String(format: "%012x", index))
        default: data = AdvertisingFixture.eddystoneURL(scheme: 3, encoded: Array("example.org/\(index)".utf8))
        }
        // Static random addresses, as most beacons use: btmon then spends its time decoding,
        // not looking the address's maker up in the OUI database (a file open per record).
        let address = String(format: "C0:1A:7D:00:00:%02X", index)
        events.append(AdvertisingFixture.advertisingReportEvent([.init(address: address, rssi: -60, data: data, randomAddress: true)]))
    }
    var writer = BtsnoopWriter(datalink: datalink, start: BeaconDemoScene.start, reserve: reports * 70)
    let startMicros = Int64(BeaconDemoScene.start.timeIntervalSince1970 * 1_000_000)
    for report in 0..<reports {
        var event = events[report % 100]
        // RSSI wanders between -50 and -89 so proximity classes change now and then.
        event[event.count - 1] = UInt8(bitPattern: Int8(-50 - (report / 100 + report % 7) % 40))
        writer.appendEvent(event, micros: startMicros + Int64(report) * 1000)
    }
    return writer
}

func measure(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let elapsed = try clock.measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func runQuietly(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    process.waitUntilExit()
}

/// `--name value` options and positional words.
struct BenchOptions {
    var values: [String: String] = [:]
    var positional: [String] = []

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word.hasPrefix("--"), index + 1 < arguments.count {
                values[word] = arguments[index + 1]
                index += 2
            } else {
                positional.append(word)
                index += 1
            }
        }
    }

    func value(_ name: String) -> String? { values[name] }
}

enum BeaconBenchError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)
    var description: String {
        switch self {
        case .usage(let text): return "usage: memberdesk-bench \(text)"
        case .failed(let text): return text
        }
    }
}
