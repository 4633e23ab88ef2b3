import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// The database on a small filesystem that fills up under a running `scan` (a tmpfs with a size
/// limit, mounted here: root only). A tap that cannot be written says so and is not counted; the
/// desk keeps running; once space is freed the next tap counts; nothing is corrupted.
@Suite(.serialized) struct FullDiskTests {
    /// A tmpfs of `megabytes` at a fresh folder, or nil (and why) where this process may not mount.
    static func mountSmallFilesystem(megabytes: Int) throws -> (TemporaryDirectory, String)? {
        guard getuid() == 0 else { return nil }
        let folder = try TemporaryDirectory()
        let mount = try ChildProcess("mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder.path])
        guard mount.wait(timeout: 30) == .exited(0) else { return nil }
        return (folder, folder.path)
    }

    static func unmount(_ path: String) {
        _ = try? ChildProcess("umount", ["-l", path]).wait(timeout: 30)
    }

    /// Writes zeros until the filesystem is full.
    static func fill(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 4096)
        while write(fd, block, block.count) > 0 {}
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test func aTapOnAFullDiskSaysSoIsNotCountedAndTheNextAfterSpaceIsFreedCounts() throws {
        guard let (folder, mountPoint) = try Self.mountSmallFilesystem(megabytes: 4) else {
            print("FullDiskTests skipped: mounting a tmpfs needs root (running as uid \(getuid()))")
            return
        }
        defer { Self.unmount(mountPoint); _ = folder }
        let desk = try DeskBinary()
        try desk.writeConfig("debounce_seconds = 0\n")
        let path = mountPoint + "/members.sqlite"
        do {
            let database = try AppDatabase.open(path: path)
            let club = Club(database: database, terminal: try database.terminalIdentity(name: "full"))
            for pass in ["F1", "F2", "F3"] { try club.addMember(passId: pass) }
        }
        let scan = try RunningDesk(desk, ["scan", "--stdin", "--json", "--db", path])
        defer { _ = scan.signal(SIGKILL) }
        func line(for pass: String, _ count: Int = 1) -> [String: Any]? {
            let lines = scan.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["passId"] as? String == pass }
            return lines.count >= count ? lines[count - 1] : nil
        }
        scan.write("F1\n")
        #expect(waitUntil(timeout: 30) { line(for: "F1") != nil })
        #expect(line(for: "F1")?["outcome"] as? String == "checkedIn")
        // The log emptied after a quiet second: the next commit needs new space for it.
        #expect(waitUntil(timeout: 30) { Self.size(path + "-wal") == 0 }, "the log was emptied: \(Self.size(path + "-wal"))")
        Self.fill(mountPoint + "/filler")

        scan.write("F2\n")
        #expect(waitUntil(timeout: 30) { line(for: "F2") != nil }, "\(scan.stdout) \(scan.stderr)")
        let refused = line(for: "F2")
        #expect(refused?["outcome"] as? String == "error", "\(refused ?? [:])")
        #expect(refused?["reason"] as? String == "diskFull", "\(refused ?? [:])")
        #expect(scan.isRunning, "the desk keeps running")

        try FileManager.default.removeItem(atPath: mountPoint + "/filler")
        scan.write("F3\nF2\n")
        #expect(waitUntil(timeout: 30) { line(for: "F2", 2) != nil })
        #expect(line(for: "F3")?["outcome"] as? String == "checkedIn")
        #expect(line(for: "F2", 2)?["outcome"] as? String == "checkedIn", "the tap after space was freed counts")
        scan.closeInput()
        #expect(scan.waitForExit(timeout: 30) == 0, "\(scan.stderr)")
        #expect(try SQLiteShell.integrity(path) == ["ok"])
        let visits = try SQLiteShell.rows(path, "SELECT passId, numVisits FROM member ORDER BY passId").map { $0.joined(separator: "=") }
        #expect(visits == ["F1=1", "F2=1", "F3=1"], "the refused tap was not counted; the others once each")
    }

    /// Every member file under a final name in `folder` (recursively) read to its end; each pass's
    /// highest visit count in them, and the temporary files there.
    static func wholeFiles(_ folder: String) throws -> (files: [String], visits: [String: Int], temporary: [String]) {
        var files: [String] = [], visits: [String: Int] = [:], temporary: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            let last = (name as NSString).lastPathComponent
            if last.hasPrefix(".") || last.hasPrefix("~") { temporary.append(name); continue }
            guard last.hasSuffix("." + SyncFileName.fileExtension) else { continue }
            let decoder = try ExchangeFormat.musrl.decoder(path: folder + "/" + name)
            while let member = try decoder.next() {  // a torn file throws
                visits[member.record.passId] = max(visits[member.record.passId] ?? 0, member.record.numVisits)
            }
            files.append(name)
        }
        return (files, visits, temporary)
    }

    @Test func aFullSyncFolderIsReportedAndRetriedAndTheTapsAreWrittenOnceThereIsSpaceAgain() throws {
        guard let (folder, mountPoint) = try Self.mountSmallFilesystem(megabytes: 1) else {
            print("FullDiskTests skipped: mounting a tmpfs needs root (running as uid \(getuid()))")
            return
        }
        defer { Self.unmount(mountPoint); _ = folder }
        let desk = try DeskBinary()
        let sync = mountPoint + "/sync"
        try FileManager.default.createDirectory(atPath: sync, withIntermediateDirectories: true)
        try desk.writeConfig("debounce_seconds = 0\n[sync]\nfolder = \"\(sync)\"\n")
        for pass in ["S1", "S2", "S3"] { try desk.run(["members", "add", "--pass", pass]) }
        let scan = try RunningDesk(desk, ["scan", "--stdin", "--json"])
        defer { _ = scan.signal(SIGKILL) }
        func objects() -> [[String: Any]] {
            scan.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        scan.write("S1\n")
        #expect(try waitUntil(timeout: 30) { try Self.wholeFiles(sync).visits["S1"] == 1 }, "the first tap reaches the folder")

        Self.fill(mountPoint + "/filler")
        scan.write("S2\n")
        #expect(waitUntil(timeout: 30) { objects().contains { $0["passId"] as? String == "S2" && $0["outcome"] as? String == "checkedIn" } },
                "a full sync folder never holds a tap up")
        let reported = waitUntil(timeout: 30) { objects().contains { $0["event"] as? String == "error" && $0["source"] as? String == "sync" } }
        #expect(reported, "the sync writer reports the full disk: \(scan.stdout)")
        let errors = objects().filter { $0["event"] as? String == "error" && $0["source"] as? String == "sync" }
        #expect(errors.first.map { ($0["message"] as? String ?? "").contains("No space left on device") } == true, "a clear reason: \(errors)")
        let during = try Self.wholeFiles(sync)
        #expect(during.visits["S2"] == 0, "not written while the disk is full: \(during)")
        #expect(during.temporary.isEmpty, "no temporary file left behind on the full disk: \(during.temporary)")

        try FileManager.default.removeItem(atPath: mountPoint + "/filler")
        // No new tap: the writer tries again by itself.
        #expect(try waitUntil(timeout: 30) { try Self.wholeFiles(sync).visits["S2"] == 1 }, "the tap is written once there is space")
        let reports = objects().filter { $0["event"] as? String == "error" && $0["source"] as? String == "sync" }
        #expect(reports.count == 1, "reported once, not at every retry: \(reports)")
        #expect(scan.isRunning)
        scan.write("S3\n")
        #expect(try waitUntil(timeout: 30) { try Self.wholeFiles(sync).visits["S3"] == 1 })
        scan.closeInput()
        #expect(scan.waitForExit(timeout: 30) == 0, "\(scan.stderr)")
        let after = try Self.wholeFiles(sync)
        #expect(after.temporary.isEmpty, "\(after.temporary)")
        #expect(try SQLiteShell.integrity(desk.databasePath) == ["ok"])
        let visits = try SQLiteShell.rows(desk.databasePath, "SELECT passId, numVisits FROM member ORDER BY passId").map { $0.joined(separator: "=") }
        #expect(visits == ["S1=1", "S2=1", "S3=1"])
    }
}
