import Foundation
import MemberDeskTestSupport
import Testing

/// `memberdesk beacons`, run as a user runs it, on captures the tests write.
@Suite struct BeaconsCommandTests {
    func capture(_ desk: DeskBinary, _ datalink: BtsnoopWriter.Datalink = .monitor) throws -> String {
        let path = desk.home.file("demo-\(datalink.rawValue).btsnoop")
        try BeaconDemoScene.capture(datalink).write(to: path)
        return path
    }

    func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test(arguments: BtsnoopWriter.Datalink.allCases)
    func summaryAfterAReplayListsTheFinalBeacons(datalink: BtsnoopWriter.Datalink) throws {
        let desk = try DeskBinary()
        let result = try desk.run(["beacons", "--replay", try capture(desk, datalink), "--fast", "--summary"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("TYPE"))
        #expect(lines[1].hasPrefix("AltBeacon     2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6 7/1          near"))
        #expect(lines[1].hasSuffix(" 150"))
        #expect(lines[2].hasPrefix("Eddystone-UID edd1ebeac04e5defa017/0000000000c1                 far"))
        #expect(lines[3].hasPrefix("Eddystone-URL https://example.com/desk                          far"))
        // The flood was flagged, on stderr, and none of its ids remain.
        #expect(result.stderr == "memberdesk: ignoring 66:66:66:66:66:66: it sent 11 different beacon ids (a flood)\n")
    }

    @Test func jsonSummaryHasIdentityProximityRSSIAndReports() throws {
        let desk = try DeskBinary()
        let result = try desk.run(["beacons", "--replay", try capture(desk), "--fast", "--summary", "--json"])
        #expect(result.status == 0)
        let beacons = try jsonLines(result.stdout)
        #expect(beacons.map { $0["type"] as? String } == ["altBeacon", "eddystoneUID", "eddystoneURL"])
        let uid = beacons[1]
        #expect(uid["namespace"] as? String == BeaconDemoScene.namespace)
        #expect(uid["instance"] as? String == BeaconDemoScene.instance)
        #expect(uid["proximity"] as? String == "far")
        #expect(uid["reports"] as? Int == 120)
        #expect((uid["rssi"] as? Double).map { (-78 ... -72).contains($0) } == true)
        #expect((uid["telemetry"] as? [String: Any])?["batteryMillivolts"] as? Int == 2950)
        #expect(beacons[2]["url"] as? String == BeaconDemoScene.url)
        #expect(beacons[0]["uuid"] as? String == BeaconDemoScene.deskUUID)
        #expect(beacons[0]["major"] as? Int == 7 && beacons[0]["minor"] as? Int == 1)
    }

    @Test func jsonEventsFollowTheMemberInAndOut() throws {
        let desk = try DeskBinary()
        let result = try desk.run(["beacons", "--replay", try capture(desk, .h4), "--fast", "--json"])
        #expect(result.status == 0)
        let events = try jsonLines(result.stdout)
        #expect(events.first?["event"] as? String == "scanner")
        let member = events.filter {
            let beacon = $0["beacon"] as? [String: Any]
            return beacon?["type"] as? String == "iBeacon" && beacon?["minor"] as? Int == 42
        }
        let story = member.map { event -> String in
            let name = event["event"] as! String
            return name == "proximityChanged" ? "\(event["from"]!)->\(event["to"]!)" : name
        }
        #expect(story == ["appeared", "unknown->far", "far->near", "near->immediate", "lost"])
        // The flood's ids appeared until it was recognised, then were all withdrawn.
        let flood = events.filter { (($0["beacon"] as? [String: Any])?["major"] as? Int) == 999 }
        #expect(flood.filter { $0["event"] as? String == "appeared" }.count == 10)
        #expect(flood.filter { $0["event"] as? String == "lost" }.count == 10)
    }

    @Test func pipedItPrintsOneLinePerChange() throws {
        let desk = try DeskBinary()
        let result = try desk.run(["beacons", "--replay", try capture(desk), "--fast"])
        #expect(result.status == 0)
        let member = result.stdout.split(separator: "\n").filter { $0.contains(" 1/42") }
        #expect(member.count == 5)
        #expect(member.first?.hasPrefix("2026-01-01T00:00:00.000Z appeared iBeacon \(BeaconDemoScene.memberUUID) 1/42 4C:11:22:33:44:55") == true)
        #expect(member.contains { $0.contains(" near -> immediate iBeacon ") })
        // A loss is stamped when it was found (after the exit timeout), like every other line.
        let lost = try #require(member.last.map(String.init))
        let stamp = try #require(lost.firstMatch(of: #/^(2026-01-01T\d\d:\d\d:\d\d\.\d{3}Z) lost /#)?.output.1)
        #expect(stamp > "2026-01-01T00:00:17.800Z", "\(lost)")
        #expect(lost.hasSuffix(" lost iBeacon \(BeaconDemoScene.memberUUID) 1/42 4C:11:22:33:44:55: last seen 2026-01-01T00:00:17.800Z, 90 reports"))
    }

    @Test func exitTimeoutComesFromTheConfig() throws {
        let desk = try DeskBinary()
        try desk.writeConfig("[beacons]\nexit_timeout = 60\n")
        let result = try desk.run(["beacons", "--replay", try capture(desk), "--fast", "--summary"])
        #expect(result.status == 0)
        // With a minute's grace the member who left at 18 s is still present at 30 s.
        #expect(result.stdout.contains("iBeacon       E2C56DB5-DFFB-48D2-B060-D0F5A71096E0 1/42"))
    }

    @Test func liveScanningWithoutAnAdapterFailsInOneLine() throws {
        let desk = try DeskBinary()
        let result = try desk.run(["beacons", "--hci", "hci9"])
        // This test machine has no adapter hci9 (and often no Bluetooth at all).
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("memberdesk: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(["Bluetooth", "adapter", "permission"].contains { result.stderr.contains($0) })

        let json = try desk.run(["beacons", "--hci", "hci9", "--json"])
        #expect(json.status != 0)
        let line = try #require(try jsonLines(json.stdout).first)
        #expect(line["event"] as? String == "scanner")
        #expect(line["available"] as? Bool == false)
        #expect("memberdesk: \(line["reason"] as? String ?? "")\n" == json.stderr)
    }

    @Test func badCapturesAndBadArgumentsFailInOneLine() throws {
        let desk = try DeskBinary()
        let text = desk.home.file("notes.txt")
        try "not a capture".write(toFile: text, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["beacons", "--replay", text, "--fast"], "memberdesk: \(text): not a btsnoop capture (no \"btsnoop\" header)\n"),
            (["beacons", "--replay", desk.home.file("missing.btsnoop")], "memberdesk: \(desk.home.file("missing.btsnoop")): cannot read capture: No such file or directory\n"),
            (["beacons", "--summary"], "memberdesk: --summary needs --replay (see 'memberdesk --help')\n"),
            (["beacons", "--hci", "hci0", "--replay", text], "memberdesk: --hci and --replay cannot be used together (see 'memberdesk --help')\n"),
        ]
        for (arguments, expected) in cases {
            let result = try desk.run(arguments)
            #expect(result.status != 0)
            #expect(result.stderr == expected)
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func aCaptureCutShortStillReplaysWithAWarning() throws {
        let desk = try DeskBinary()
        let path = desk.home.file("cut.btsnoop")
        try Data(BeaconDemoScene.capture().bytes.prefix(5000)).write(to: URL(fileURLWithPath: path))
        let result = try desk.run(["beacons", "--replay", path, "--fast", "--summary", "--json"])
        #expect(result.status == 0)
        #expect(try jsonLines(result.stdout).count >= 3)
        #expect(result.stderr.contains("the last record is cut short"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func onATerminalItDrawsATable() throws {
        let desk = try DeskBinary()
        let path = try capture(desk)
        // util-linux `script` gives the command a pseudo-terminal, as a user's shell would.
        let process = try ChildProcess("/usr/bin/script", ["-qec", "'\(DeskBinary.path)' beacons --replay '\(path)' --fast", "/dev/null"],
                                       environment: desk.environment.merging(["COLUMNS": "120", "TERM": "xterm"]) { $1 },
                                       stdout: .pipe)
        let data = process.output!.readDataToEndOfFile()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.wait() == .exited(0))
        #expect(text.contains("\u{1B}[H\u{1B}[2J"))
        #expect(text.contains("Replaying — 3 beacons"))
        #expect(text.contains("TYPE          IDENTITY"))
        #expect(text.contains("AltBeacon     2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6 7/1"))
    }
}
