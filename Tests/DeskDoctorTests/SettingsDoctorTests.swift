import DeskDoctor
import DeskSettings
import Foundation
import MemberKit
import Testing

/// The config, Bluetooth, regions and backups checks.
@Suite struct SettingsDoctorTests {
    private func writeConfig(_ system: FakeSystem, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: system.configPath).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try text.write(toFile: system.configPath, atomically: true, encoding: .utf8)
    }

    @Test func theConfigsSetKeysAreListed() throws {
        let system = try FakeSystem()
        try writeConfig(system, "terminal_name = \"Back desk\"\n[backup]\nkeep = 3\n")
        #expect(system.run().of("config") == [DoctorCheck("config", .ok, "\(system.configPath) is valid; keys set: terminal_name, backup.keep")])
    }

    @Test func aBadConfigIsAProblemNamingTheKey() throws {
        let system = try FakeSystem()
        try writeConfig(system, "debounce_secnds = 5\n")
        let check = try #require(system.run().of("config").first)
        #expect(check.status == .problem)
        #expect(check.message.contains("debounce_secnds"))
        #expect(check.action == "fix that line in \(system.configPath) (memberdesk config example shows every key)")
    }

    @Test func bluetoothAdapterAndCapabilities() throws {
        let system = try FakeSystem()
        #expect(system.run().of("bluetooth").map(\.status) == [.warning])
        try system.write("/sys/class/bluetooth/hci0/name", "")
        try system.write("/proc/self/status", "Name:\tmemberdesk\nCapEff:\t0000000000000000\n")
        let without = system.run().of("bluetooth")
        #expect(without.map(\.status) == [.ok, .warning])
        #expect(without[1].action == "for a desk run from a terminal: sudo setcap cap_net_raw,cap_net_admin+eip $(command -v memberdesk)")
        try system.write("/proc/self/status", "Name:\tmemberdesk\nCapEff:\t0000000000003000\n")
        #expect(system.run().of("bluetooth").map(\.status) == [.ok, .ok])
    }

    @Test func aWrongAdapterNameSaysWhichOnesExist() throws {
        let system = try FakeSystem()
        try writeConfig(system, "[beacons]\nhci = \"hci3\"\n")
        try system.write("/sys/class/bluetooth/hci1/name", "")
        let check = try #require(system.run().of("bluetooth").first)
        #expect(check == DoctorCheck("bluetooth", .warning, "no adapter hci3 (beacons.hci); found hci1",
                                     action: "set beacons.hci = \"hci1\" in \(system.configPath)"))
    }

    @Test func aRegionListNotRefreshedForTwoTTLsIsAWarning() throws {
        let system = try FakeSystem()
        try writeConfig(system, "[regions]\nsource = \"https://example.org/regions.json\"\nttl = 3600\n")
        #expect(system.run().of("regions").map(\.status) == [.warning])
        let cache = system.paths.regionCache
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: cache).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try "[]".write(toFile: cache, atomically: true, encoding: .utf8)
        let written = try #require(try FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date)
        #expect(system.run(now: written.addingTimeInterval(600)).of("regions").map(\.status) == [.ok])
        let stale = try #require(system.run(now: written.addingTimeInterval(3 * 3600)).of("regions").first)
        #expect(stale.status == .warning)
        #expect(stale.message == "cached region list 3 h old (regions.ttl 60 min): refreshes from https://example.org/regions.json are failing")
        try "not json".write(toFile: cache, atomically: true, encoding: .utf8)
        #expect(system.run().of("regions").map(\.status) == [.problem])
    }

    @Test func theLastFailedRefreshIsNamed() throws {
        let system = try FakeSystem()
        try writeConfig(system, "[regions]\nsource = \"https://example.org/regions.json\"\n")
        let cache = system.paths.regionCache
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: cache).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try "[]".write(toFile: cache, atomically: true, encoding: .utf8)
        #expect(system.run().of("regions").map(\.status) == [.ok])
        let errorFile = DeskPaths.refreshErrorFile(forCache: cache)
        try "https://example.org/regions.json: HTTP status 500".write(toFile: errorFile, atomically: true, encoding: .utf8)
        let written = try #require(try FileManager.default.attributesOfItem(atPath: errorFile)[.modificationDate] as? Date)
        let check = try #require(system.run(now: written.addingTimeInterval(120)).of("regions").first)
        #expect(check == DoctorCheck("regions", .warning,
                                     "the last region-list refresh 2 min ago failed: https://example.org/regions.json: HTTP status 500",
                                     action: "fix the list or regions.source, then: memberdesk regions refresh"))
    }

    @Test func backupsNoneFreshAndOld() throws {
        let system = try FakeSystem()
        let none = try #require(system.run().of("backups").first)
        #expect(none.status == .warning)
        #expect(none.action == "memberdesk backup now; daily: sudo systemctl enable --now memberdesk-backup.timer")
        let database = try AppDatabase.open(path: system.databasePath)
        let folder = BackupFolder(path: system.paths.defaultBackupFolder)
        try folder.create()
        let taken = Date(timeIntervalSince1970: 1_800_000_000)
        try database.backup(to: folder.newBackupPath(at: taken))
        #expect(system.run(now: taken.addingTimeInterval(3600)).of("backups").map(\.status) == [.ok])
        let old = try #require(system.run(now: taken.addingTimeInterval(3 * 86400)).of("backups").first)
        #expect(old.status == .warning)
        #expect(old.message.hasSuffix(", 3 days old (1 kept)"))
    }
}
