import DeskSettings
import Foundation
import MemberKit
import Testing

/// The installed desk's paths, the example config the package installs, and the backup folder.
@Suite struct DeploymentConfigTests {
    @Test func theServiceAccountUsesTheSystemPaths() {
        let service = DeskPaths(environment: ["HOME": "/var/lib/memberdesk", "XDG_DATA_HOME": "/elsewhere"], userName: "memberdesk")
        #expect(service.database() == "/var/lib/memberdesk/members.sqlite")
        #expect(service.config() == "/etc/memberdesk/config.toml")
        #expect(service.logFile == "/var/log/memberdesk/memberdesk.log")
        #expect(service.regionCache == "/var/cache/memberdesk/regions.json")
        #expect(service.defaultBackupFolder == "/var/lib/memberdesk/backups")
        // --db and MEMBERDESK_DB still win.
        #expect(service.database(override: "/tmp/x.sqlite") == "/tmp/x.sqlite")
        #expect(DeskPaths(environment: ["MEMBERDESK_DB": "/y.sqlite"], userName: "memberdesk").database() == "/y.sqlite")
    }

    @Test func anyOtherUserKeepsTheXDGPaths() {
        let person = DeskPaths(environment: ["HOME": "/home/ann"], userName: "ann")
        #expect(person.database() == "/home/ann/.local/share/memberdesk/members.sqlite")
        #expect(person.config() == "/home/ann/.config/memberdesk/config.toml")
        #expect(person.defaultBackupFolder == "/home/ann/.local/share/memberdesk/backups")
        #expect(DeskPaths(environment: ["HOME": "/root"], userName: "root").database() == "/root/.local/share/memberdesk/members.sqlite")
    }

    @Test func theExampleConfigHasEveryKeyCommentedOutAtItsDefault() throws {
        let example = DeskConfig().rendered(commentedOut: true)
        // Nothing is set: it reads as the defaults.
        #expect(try DeskConfig.parse(example) == DeskConfig())
        for key in ConfigKey.all {
            let leaf = key.name.split(separator: ".").last!
            #expect(example.contains("\n#\(leaf) = "), "\(key.name) is missing")
            #expect(example.contains("# \(key.help)\n"))
        }
        // Uncommenting a line sets that key.
        let edited = example.replacingOccurrences(of: "#keep = 7", with: "keep = 3")
        #expect(try DeskConfig.parse(edited).backup.keep == 3)
    }

    @Test func changedKeysAreTheOnesThatDifferFromTheDefaults() throws {
        let config = try DeskConfig.parse("terminal_name = \"Back\"\ndebounce_seconds = 60\n[reader]\nfeedback = false\n")
        #expect(config.changedKeys == ["terminal_name", "reader.feedback"])
    }

    @Test func backupFolderNamesSortByTimeAndPruneKeepsTheNewest() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("backups-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let folder = BackupFolder(path: scratch)
        try folder.create()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var written: [String] = []
        for day in 0..<5 {
            let path = folder.newBackupPath(at: start.addingTimeInterval(Double(day) * 86400))
            try Data("x".utf8).write(to: URL(fileURLWithPath: path))
            written.append(path)
        }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: scratch + "/notes.txt"))
        #expect(written[0].hasSuffix("/members-2027-01-15T08-00-00Z.sqlite"))
        #expect(folder.backups().map(\.path) == written)
        #expect(try folder.prune(keep: 2) == Array(written.prefix(3)))
        #expect(folder.backups().map(\.path) == Array(written.suffix(2)))
        #expect(FileManager.default.fileExists(atPath: scratch + "/notes.txt"))
    }

    @Test func twoBackupsInTheSameSecondGetTwoNames() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("backups-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let folder = BackupFolder(path: scratch)
        try folder.create()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = folder.newBackupPath(at: now)
        try Data("x".utf8).write(to: URL(fileURLWithPath: first))
        let second = folder.newBackupPath(at: now)
        #expect(second != first)
        try Data("y".utf8).write(to: URL(fileURLWithPath: second))
        #expect(folder.backups().map(\.path) == [first, second])
    }
}
