import DeskDoctor
import Foundation
import MemberDeskTestSupport
import MemberKit
import Synchronization
import Testing

/// `memberdesk backup` and `restore` through the built binary, with other processes at work.
@Suite struct BackupRestoreTests {
    private func desk(config: String = "debounce_seconds = 0\n") throws -> DeskBinary {
        let desk = try DeskBinary()
        try desk.writeConfig(config)
        return desk
    }

    private func memberId(_ desk: DeskBinary, pass: String) throws -> String {
        let added = try desk.run(["members", "add", "--pass", pass, "--name", "Ann", "--json"])
        try #require(added.status == 0, "\(added.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
        return try #require(object?["memberId"] as? String)
    }

    /// The visit ids in a database file (opened on a copy, so the file itself is left as it was).
    private func visitIds(_ path: String, memberId: String) throws -> Set<String> {
        let scratch = try TemporaryDirectory()
        let copy = scratch.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let database = try AppDatabase.open(path: copy)
        return Set(try database.visits(memberId: memberId, limit: 10_000_000).map(\.visitId))
    }

    @Test func aBackupTakenWhileAnotherProcessChecksInIsIntactAndHoldsEveryEarlierVisit() throws {
        let desk = try desk()
        let member = try memberId(desk, pass: "P1")
        // Another process checks the same pass in as fast as it can: each line is one committed visit.
        let scan = try RunningDesk(desk, ["scan", "--stdin"])
        let feeding = Mutex(true)
        let fed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while feeding.withLock({ $0 }) { scan.write("P1\n") }
            fed.signal()
        }
        let live = try AppDatabase.open(path: desk.databasePath, readOnly: true)
        #expect(try waitUntil(timeout: 30) { try live.visits(memberId: member, limit: 100).count >= 50 })
        let before = Set(try live.visits(memberId: member, limit: 10_000_000).map(\.visitId))
        let file = desk.home.file("backup.sqlite")
        let backup = try desk.run(["backup", file, "--json"])
        // Check-ins went on while the backup ran and after it.
        let countAfter = try live.visits(memberId: member, limit: 10_000_000).count
        #expect(try waitUntil(timeout: 30) { try live.visits(memberId: member, limit: 10_000_000).count > countAfter })
        feeding.withLock { $0 = false }
        fed.wait()  // the last write returns as scan keeps reading
        // SIGTERM, not end of input: the pipe still holds thousands of queued scans.
        #expect(scan.signal(SIGTERM, timeout: 60) == 0)

        #expect(backup.status == 0, "\(backup.stderr)")
        let summary = try AppDatabase.inspect(path: file)  // integrity_check passes, it is a memberdesk database
        #expect(summary.members == 1)
        let saved = try visitIds(file, memberId: member)
        #expect(before.isSubset(of: saved), "\(before.subtracting(saved).count) visits committed before the backup are missing")
        #expect(summary.visits == saved.count)
        let printed = try JSONSerialization.jsonObject(with: Data(backup.stdout.utf8)) as? [String: Any]
        #expect(printed?["file"] as? String == file)
        #expect(printed?["visits"] as? Int == saved.count)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        // One file: no write-ahead log beside it, and no temporary file left.
        let names = try FileManager.default.contentsOfDirectory(atPath: desk.home.path).filter { $0.contains("backup") }
        #expect(names == ["backup.sqlite"])
    }

    @Test func backupWithoutAFileGoesToTheBackupFolderAndKeepsTheNewest() throws {
        let desk = try desk(config: "[backup]\nkeep = 2\n")
        _ = try memberId(desk, pass: "P1")
        var printed: [String] = []
        for _ in 0..<3 {
            let result = try desk.run(["backup"])
            #expect(result.status == 0, "\(result.stderr)")
            printed.append(result.stdout)
        }
        let folder = desk.home.path + "/data/memberdesk/backups"
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(kept.count == 2)
        #expect(kept.allSatisfy { $0.wholeMatch(of: /members-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite/) != nil })
        #expect(printed[0].hasPrefix("backup: \(folder)/members-") && printed[0].hasSuffix(" (1 member, 0 visits)\n"))
        #expect(printed[2].contains("removed old backup: \(folder)/"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o700)
    }

    @Test func restoreRefusesWhileAnotherProcessHasTheDatabaseOpenAndNamesIt() throws {
        let desk = try desk()
        _ = try memberId(desk, pass: "P1")
        let file = desk.home.file("backup.sqlite")
        #expect(try desk.run(["backup", file]).status == 0)
        let scan = try RunningDesk(desk, ["scan", "--stdin"])
        defer { scan.closeInput(); _ = scan.waitForExit() }
        #expect(waitUntil(timeout: 30) { !DatabaseHolders().holders(of: desk.databasePath).isEmpty })
        let refused = try desk.run(["restore", file, "--yes"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "memberdesk: \(desk.databasePath) is open in memberdesk scan --stdin (pid \(scan.pid)): "
                + "stop it first (an installed desk: sudo systemctl stop memberdesk-scan)\n")
        #expect(refused.stdout.isEmpty)
    }

    @Test func restoreSwapsTheBackupInAndKeepsTheCurrentDatabase() throws {
        let desk = try desk()
        _ = try memberId(desk, pass: "P1")
        #expect(try desk.run(["checkin", "P1"]).status == 0)
        let file = desk.home.file("backup.sqlite")
        #expect(try desk.run(["backup", file]).status == 0)
        _ = try memberId(desk, pass: "P2")  // after the backup: the restore takes it away
        let restored = try desk.run(["restore", file, "--yes"])
        #expect(restored.status == 0, "\(restored.stderr)")
        let lines = restored.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(restored.stdout)")
        #expect(lines[0].hasPrefix("\(file): 1 member, 1 visit, newest visit 20"))
        #expect(lines[1].hasPrefix("replaces \(desk.databasePath): 2 members, 1 visit, newest visit 20"))
        #expect(lines[2] == "restored \(file) into \(desk.databasePath)")
        let kept = try #require(lines[3].firstMatch(of: /the previous database is kept as (.+)/)?.output.1)
        #expect(try AppDatabase.inspect(path: String(kept)).members == 2)
        #expect(try AppDatabase.inspect(path: desk.databasePath).members == 1)
        let listed = try desk.run(["members", "list"])
        #expect(listed.status == 0 && listed.stdout.contains("P1") && !listed.stdout.contains("P2"))
    }

    @Test func restoreRefusesABadFileAndChangesNothing() throws {
        let desk = try desk()
        _ = try memberId(desk, pass: "P1")
        let before = try Data(contentsOf: URL(fileURLWithPath: desk.databasePath))
        let text = desk.home.file("members.csv")
        try "name,pass\nAnn,P1\n".write(toFile: text, atomically: true, encoding: .utf8)
        let notADatabase = try desk.run(["restore", text, "--yes"])
        #expect(notADatabase.status == 1)
        #expect(notADatabase.stderr.hasPrefix("memberdesk: \(text): "))
        #expect(notADatabase.stderr.split(separator: "\n").count == 1)

        let missing = try desk.run(["restore", desk.home.file("nothing.sqlite"), "--yes"])
        #expect(missing.status == 1 && missing.stderr == "memberdesk: cannot read \(desk.home.file("nothing.sqlite"))\n")

        let file = desk.home.file("backup.sqlite")
        #expect(try desk.run(["backup", file]).status == 0)
        let unasked = try desk.run(["restore", file])  // no terminal and no --yes
        #expect(unasked.status == 1)
        #expect(unasked.stderr == "memberdesk: nothing restored: no terminal to ask, run with --yes to restore\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: desk.databasePath)) == before)
    }
}
