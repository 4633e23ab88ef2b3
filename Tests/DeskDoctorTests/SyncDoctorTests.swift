import DeskDoctor
import Foundation
import MemberKit
import Testing

/// The sync checks: off, a missing folder, desks seen, Syncthing installed and running.
@Suite struct SyncDoctorTests {
    private func configure(_ system: FakeSystem, folder: String) throws {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: system.configPath).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try "[sync]\nfolder = \"\(folder)\"\n".write(toFile: system.configPath, atomically: true, encoding: .utf8)
    }

    @Test func syncOffIsOk() throws {
        let system = try FakeSystem()
        #expect(system.run().of("sync") == [DoctorCheck("sync", .ok, "sync is off (sync.folder is not set)")])
    }

    @Test func aMissingFolderIsAProblem() throws {
        let system = try FakeSystem()
        try configure(system, folder: system.home + "/Sync/club")
        let check = try #require(system.run().of("sync").first)
        #expect(check.status == .problem)
        #expect(check.message.contains(system.home + "/Sync/club"))
    }

    @Test func desksSeenAndSyncthing() throws {
        let system = try FakeSystem()
        let folder = system.home + "/Sync/club"
        try FileManager.default.createDirectory(atPath: folder + "/desk-a", withIntermediateDirectories: true)
        try configure(system, folder: folder)
        let alone = system.run(programFolders: ["/usr/bin"]).of("sync")
        #expect(alone.map(\.status) == [.warning, .warning])
        #expect(alone[0].message == "only one desk's files in \(folder): no other desk seen yet")
        #expect(alone[1] == DoctorCheck("sync", .warning, "Syncthing is not installed: nothing carries the folder to the other desks",
                                        action: "sudo apt install syncthing"))
        try FileManager.default.createDirectory(atPath: folder + "/desk-b", withIntermediateDirectories: true)
        try system.write("/usr/bin/syncthing", "")
        chmod(system.root + "/usr/bin/syncthing", 0o755)
        let stopped = system.run(programFolders: ["/usr/bin"]).of("sync")
        #expect(stopped.map(\.status) == [.ok, .warning])
        #expect(stopped[0].message == "\(folder) is writable and holds 2 desks' files")
        try system.write("/proc/4242/comm", "syncthing\n")
        #expect(system.run(programFolders: ["/usr/bin"]).of("sync").map(\.status) == [.ok, .ok])
    }

    @Test func aDeskThatStoppedWritingIsAProblemWithWhatToDo() throws {
        let system = try FakeSystem()
        let folder = system.home + "/Sync/club"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try configure(system, folder: folder)
        let database = try AppDatabase.open(path: system.databasePath)
        var state = try database.syncWriterState()
        state.stopped = "desk.json was written by another database"
        try database.setSyncWriterState(state)
        let check = try #require(system.run().of("sync").first)
        #expect(check.status == .problem)
        #expect(check.message.contains("stopped writing to the sync folder: desk.json was written by another database"))
        #expect(check.action?.contains("memberdesk sync reset-id") == true)
    }
}
