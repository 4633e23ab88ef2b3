import Foundation
import MemberDeskTestSupport
import MemberKit
@testable import RegionKit
import Testing

/// Beacon regions driven by real btsnoop captures, through BeaconKit's replay and tracker.
enum RegionCapture {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// An iBeacon (major 100, minor 7) at 10 Hz for `seconds`, then silence; a second beacon
    /// (major 200) far away throughout.
    static func write(to path: String, seconds: Int = 10, rssi: Int8 = -45) throws {
        var writer = BtsnoopWriter(datalink: .monitor, start: start)
        let near = AdvertisingFixture.iBeacon(uuid: testUUID, major: 100, minor: 7, measuredPower: -59)
        let far = AdvertisingFixture.iBeacon(uuid: testUUID, major: 200, minor: 1, measuredPower: -59)
        for tick in 0..<(seconds * 10) {
            let time = start.addingTimeInterval(Double(tick) / 10)
            writer.appendEvent(AdvertisingFixture.advertisingReportEvent([
                .init(address: "11:22:33:44:55:01", rssi: rssi, data: near),
                .init(address: "11:22:33:44:55:02", rssi: -95, data: far),
            ]), at: time)
        }
        try writer.write(to: path)
    }

    static let regions = """
    [{"identifier":"door","region_name":"入口","uuid":"\(testUUID)","major":"100","minor":"","center_lat":0,"center_lng":0,
      "center_radius":0,"expire_at":0,"enter_scripts":"wk_console_log('hi ' + wk_activity_region_name)",
      "exit_scripts":"wk_console_log('bye')"},
     {"identifier":"far-only-near","region_name":"","uuid":"\(testUUID)","major":"200","minor":"1","proximity":"near",
      "center_lat":0,"center_lng":0,"center_radius":0,"expire_at":0,"enter_scripts":"wk_console_log('never')","exit_scripts":""},
     {"identifier":"shop","region_name":"渋谷店","uuid":"","major":"","minor":"","center_lat":35.6595,"center_lng":139.7005,
      "center_radius":150,"expire_at":0,"enter_scripts":"wk_console_log('at the shop')","exit_scripts":""}]
    """
}

@Suite struct RegionCaptureTests {
    @Test func simulationEntersAndExitsFromACapture() throws {
        let f = try EngineFixture()
        let capture = f.folder.file("scene.btsnoop")
        try RegionCapture.write(to: capture)
        let regions = try RegionListDecoder.decode(Data(RegionCapture.regions.utf8))
        var lines: [[String: JSONValue]] = []
        try RegionSimulation(regions: regions, environment: f.engine.environment, location: (35.6596, 139.7005), exitDelay: 30)
            .run(capture: capture) { lines.append($0) }
        let summary = lines.map { line -> String in
            let type = line["type"]?.stringValue ?? "?"
            return "\(type) \(line["region"]?.stringValue ?? "") \(line["text"]?.stringValue ?? "")".trimmingCharacters(in: .whitespaces)
        }
        #expect(summary.first == "enter shop")  // the first fix, at the capture's start
        #expect(lines.first?["time"] == .double(RegionCapture.start.timeIntervalSince1970))
        #expect(summary.contains("output shop at the shop"))
        let door = summary.filter { $0.contains("door") }
        #expect(door == ["enter door", "output door hi 入口", "exit door", "output door bye"])
        #expect(!summary.contains { $0.contains("far-only-near") })
        // The exit comes when the beacon has been gone for the exit delay (capture time).
        let exit = try #require(lines.first { $0["type"] == .string("exit") })
        guard case .double(let time)? = exit["time"] else { Issue.record("no time"); return }
        #expect(time >= RegionCapture.start.timeIntervalSince1970 + 9.9 + 30)  // last advertisement at 9.9 s
    }

    @Test func cliSimulatePrintsJSONLines() throws {
        let binary = try DeskBinary()
        let list = binary.home.file("regions.json")
        try RegionCapture.regions.write(toFile: list, atomically: true, encoding: .utf8)
        #expect(try binary.run(["regions", "load", list]).status == 0)
        let capture = binary.home.file("scene.btsnoop")
        try RegionCapture.write(to: capture)
        let result = try binary.run(["regions", "simulate", "--replay", capture])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").compactMap {
            try? JSONDecoder().decode([String: JSONValue].self, from: Data($0.utf8))
        }
        #expect(lines.map { $0["type"]?.stringValue ?? "" } == ["enter", "output", "exit", "output"])
        #expect(lines[1]["text"] == .string("hi 入口"))
        // Bad captures and arguments: one line, non-zero, nothing changed.
        let bad = try binary.run(["regions", "simulate", "--replay", list])
        #expect(bad.status != 0)
        #expect(bad.stderr.split(separator: "\n").count == 1)
        #expect(try binary.run(["regions", "simulate", "--replay", capture, "--location", "north"]).status != 0)
    }
}

@Suite struct RegionsCLITests {
    @Test func loadListRunAndSwitch() throws {
        let binary = try DeskBinary()
        let list = binary.home.file("regions.json")
        try RegionCapture.regions.write(toFile: list, atomically: true, encoding: .utf8)
        let loaded = try binary.run(["regions", "load", list, "--json"])
        #expect(loaded.stdout.contains("\"loaded\":3"))
        let listed = try binary.run(["regions", "list"])
        #expect(listed.stdout.contains("door \"入口\""))
        #expect(listed.stdout.hasPrefix("Regions are on"))
        let json = try binary.run(["regions", "list", "--json"])
        #expect(json.stdout.split(separator: "\n").count == 3)
        let kinds = try json.stdout.split(separator: "\n").map { line -> String in
            let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(line.utf8))
            return "\(object["identifier"]?.stringValue ?? "?") \(object["kind"]?.stringValue ?? "no kind")"
        }
        #expect(kinds.sorted() == ["door beacon", "far-only-near beacon", "shop circle"])
        let run = try binary.run(["regions", "run", "door", "enter"])
        #expect(run.status == 0)
        #expect(run.stdout == "hi 入口\n")
        #expect(try binary.run(["regions", "off"]).stdout == "Regions are off\n")
        #expect(try binary.run(["regions", "list"]).stdout.hasPrefix("Regions are off"))
        #expect(try binary.run(["regions", "on", "--json"]).stdout == "{\"on\":true}\n")
        // A bad list is refused and the cache kept.
        try "[{\"identifier\":\"x\"}]".write(toFile: list, atomically: true, encoding: .utf8)
        let refused = try binary.run(["regions", "refresh"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("neither a beacon region"))
        #expect(try binary.run(["regions", "list", "--json"]).stdout.split(separator: "\n").count == 3)
        let missing = try binary.run(["regions", "run", "nope", "enter"])
        #expect(missing.status != 0 && missing.stderr.contains("no region 'nope'"))
    }

    @Test func loadAndRefreshFromAURL() throws {
        let body = Locked(RegionCapture.regions)
        let server = try TestHTTPServer { _ in .ok(body.value) }
        defer { server.stop() }
        let binary = try DeskBinary()
        let url = server.baseURL + "/regions.json"
        let loaded = try binary.run(["regions", "load", url])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout == "Loaded 3 regions from \(url)\n")
        body.mutex.withLock { $0 = "<html>maintenance</html>" }
        let refused = try binary.run(["regions", "refresh"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "memberdesk: \(url): region list is not valid JSON\n")
        #expect(try binary.run(["regions", "list", "--json"]).stdout.split(separator: "\n").count == 3)
    }

    @Test func runReportsScriptErrorsWithTheirLine() throws {
        let binary = try DeskBinary()
        let list = binary.home.file("regions.json")
        try """
        [{"identifier":"bad","uuid":"\(testUUID)","major":"","minor":"","enter_scripts":"wk_console_log('a');\\nnope();"}]
        """.write(toFile: list, atomically: true, encoding: .utf8)
        #expect(try binary.run(["regions", "load", list]).status == 0)
        let result = try binary.run(["regions", "run", "bad", "enter"])
        #expect(result.status == 1)
        #expect(result.stdout == "a\n")
        #expect(result.stderr.contains("line 2"))
    }
}
