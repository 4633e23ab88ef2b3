import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// The database's permissions taken away under a running `scan` (as the account `nobody`: root
/// ignores permissions), then given back. The running desk keeps its open files (SQLite writes
/// through them, so its taps either count or are refused as `readOnly`, never a crash); a new
/// process says clearly that the database is read-only; all is well once fixed.
@Suite(.serialized) struct ReadOnlyUnderARunningDeskTests {
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/setpriv")))
    func permissionsTakenAwayUnderARunningDeskGiveAClearErrorAndRecover() throws {
        var desk = try DeskBinary()
        try desk.writeConfig("debounce_seconds = 0\n")
        let folder = desk.home.file("db")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/members.sqlite"
        desk.extraEnvironment["MEMBERDESK_DB"] = path
        try desk.run(["members", "add", "--pass", "R1"])
        try desk.run(["members", "add", "--pass", "R2"])
        for item in [desk.home.path, desk.home.path + "/config", desk.home.path + "/config/memberdesk"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: item)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: desk.configPath)
        let nobody = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        func chownToNobody() throws {
            _ = try ChildProcess("chown", ["-R", "nobody:nogroup", folder, desk.home.path + "/state"]).wait(timeout: 30)
        }
        try FileManager.default.createDirectory(atPath: desk.home.path + "/state", withIntermediateDirectories: true)
        try chownToNobody()
        func asNobody(_ args: [String]) throws -> DeskBinary.Result {
            try desk.run(nobody + [DeskBinary.path] + args, viaExecutable: "/usr/bin/setpriv")
        }
        let scan = try ChildProcess("/usr/bin/setpriv", Array(nobody.dropFirst()) + [DeskBinary.path, "scan", "--stdin", "--json"],
                                    environment: desk.environment, stdin: .pipe, stdout: .pipe, stderr: .pipe)
        defer { scan.killAndWait() }
        let out = LineCollector(scan.output!)
        func outcome(_ n: Int) -> [String: Any]? {
            let objects = out.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["outcome"] != nil }
            return objects.count > n ? objects[n] : nil
        }
        scan.write("R1\n")
        #expect(waitUntil(timeout: 30) { outcome(0) != nil })
        #expect(outcome(0)?["outcome"] as? String == "checkedIn")

        // Taken away: the file, its log and the folder.
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        let refused = try asNobody(["checkin", "R2"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("read-only"), "a clear error: \(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "one line: \(refused.stderr)")
        scan.write("R2\n")
        #expect(waitUntil(timeout: 30) { outcome(1) != nil })
        let during = outcome(1)
        #expect(during?["outcome"] as? String == "checkedIn" || during?["reason"] as? String == "readOnly", "\(during ?? [:])")
        #expect(scan.isRunning, "no crash")

        // Given back: both the running desk and a new process write again.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try chownToNobody()
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }
        #expect(try asNobody(["checkin", "R1"]).status == 0)
        scan.write("R1\n")
        #expect(waitUntil(timeout: 30) { outcome(2) != nil })
        #expect(outcome(2)?["outcome"] as? String == "checkedIn")
        scan.closeInput()
        #expect(scan.wait(timeout: 30) == .exited(0))
        #expect(try SQLiteShell.integrity(path) == ["ok"])
    }
}

/// A child's output, line by line, read on a thread of its own.
final class LineCollector: @unchecked Sendable {
    private var text = ""
    private let lock = NSLock()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                lock.lock()
                text += String(decoding: data, as: UTF8.self)
                lock.unlock()
            }
        }
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return text.split(separator: "\n").map(String.init)
    }
}
