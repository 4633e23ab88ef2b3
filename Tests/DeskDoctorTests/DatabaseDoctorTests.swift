import DeskDoctor
import Foundation
import MemberKit
import Testing

/// The database checks, on real files: owner and mode, a folder the desk's account cannot write,
/// a damaged file, a database from a newer memberdesk.
@Suite struct DatabaseDoctorTests {
    private func makeDatabase(_ system: FakeSystem) throws {
        _ = try AppDatabase.open(path: system.databasePath)
    }

    @Test func anIntactPrivateDatabaseIsOk() throws {
        let system = try FakeSystem()
        try makeDatabase(system)
        let checks = system.run().of("database")
        #expect(checks.map(\.status) == [.ok, .ok])
        #expect(checks[0].message.hasPrefix("\(system.databasePath), owner ") && checks[0].message.hasSuffix(", mode 0600"))
        #expect(checks[1].message.hasPrefix("intact (quick_check), schema v"))
    }

    @Test func noDatabaseYetIsAWarning() throws {
        let system = try FakeSystem()
        let checks = system.run().of("database")
        #expect(checks.map(\.status) == [.warning])
        #expect(checks[0].action == "it is created on the first check-in, or now with: memberdesk stats")
    }

    @Test func aDatabaseOthersCanReadIsAWarning() throws {
        let system = try FakeSystem()
        try makeDatabase(system)
        chmod(system.databasePath, 0o644)
        let check = try #require(system.run().of("database").first)
        #expect(check == DoctorCheck("database", .warning, "\(system.databasePath) can be read by other users (mode 0644)",
                                     action: "chmod 600 \(system.databasePath)"))
    }

    @Test(.enabled(if: geteuid() == 0, "changing owners needs root"))
    func aFolderTheDesksAccountCannotWriteIsAProblem() throws {
        let system = try FakeSystem()
        try makeDatabase(system)
        let folder = URL(fileURLWithPath: system.databasePath).deletingLastPathComponent().path
        let nobody: uid_t = 65534
        chown(system.databasePath, nobody, gid_t(nobody))
        for companion in ["-wal", "-shm"] { unlink(system.databasePath + companion) }
        chmod(folder, 0o555)
        defer { chmod(folder, 0o700) }
        let checks = system.run().of("database")
        let problem = try #require(checks.first)
        #expect(problem.status == .problem)
        #expect(problem.message.hasPrefix("the folder \(folder) is not writable by "))
        #expect(problem.message.hasSuffix(": SQLite keeps its journal there"))
        #expect(problem.action?.hasPrefix("sudo chown ") == true && problem.action?.hasSuffix("&& sudo chmod 700 \(folder)") == true)
    }

    @Test(.enabled(if: geteuid() == 0, "changing owners needs root"))
    func aLogFileOwnedBySomeoneElseIsAProblem() throws {
        let system = try FakeSystem()
        try makeDatabase(system)
        try Data().write(to: URL(fileURLWithPath: system.databasePath + "-wal"))
        chown(system.databasePath + "-wal", 65534, 65534)
        let problem = try #require(system.run().of("database").first { $0.status == .problem })
        #expect(problem.message.hasPrefix("\(system.databasePath)-wal belongs to "))
        #expect(problem.message.hasSuffix(": the desk cannot write"))
    }

    @Test func aDamagedDatabaseIsAProblemWithRestoreAsTheFix() throws {
        let system = try FakeSystem()
        try makeDatabase(system)
        // Overwrite the pages after the header: the file opens, the check fails.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: system.databasePath))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 16384))
        try handle.close()
        let problem = try #require(system.run().of("database").first { $0.status == .problem })
        #expect(problem.action == "stop the desk and restore the newest backup: memberdesk restore FILE"
                || problem.action == "check its owner and mode, or restore the newest backup: memberdesk restore FILE")
    }

    @Test func aFileThatIsNotADatabaseIsAProblem() throws {
        let system = try FakeSystem()
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: system.databasePath).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try "name,pass\n".write(toFile: system.databasePath, atomically: true, encoding: .utf8)
        chmod(system.databasePath, 0o600)
        let problem = try #require(system.run().of("database").first { $0.status == .problem })
        #expect(problem.message.contains("not a memberdesk database"))
    }

    @Test func freeSpaceIsReported() throws {
        let system = try FakeSystem()
        try makeDatabase(system)
        let disk = try #require(system.run().of("disk").first)
        #expect(disk.message.contains(" GB free in "))
    }
}
