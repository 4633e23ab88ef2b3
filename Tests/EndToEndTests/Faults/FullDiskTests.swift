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
}
