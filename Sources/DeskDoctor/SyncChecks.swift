import DeskSettings
import FolderSync
import Foundation
import MemberKit

/// The sync folder (when `sync.folder` is set): usable, carried by Syncthing (installed, running),
/// and the desks whose files are in it.
struct SyncChecks {
    let environment: DoctorEnvironment

    func run(_ config: DeskConfig) -> [DoctorCheck] {
        guard !config.sync.folder.isEmpty else {
            return [DoctorCheck("sync", .ok, "sync is off (sync.folder is not set)")]
        }
        let folder = SyncFolder(path: config.sync.folder, files: LocalSyncFolderFiles())
        do {
            try folder.checkUsable()
        } catch {
            return [DoctorCheck("sync", .problem, "\(error)",
                                action: "create the folder and let the desk's account write it, or clear sync.folder in \(environment.configPath)")]
        }
        var checks: [DoctorCheck] = []
        if let stopped = AppDatabase.syncStopped(path: environment.databasePath) {
            checks.append(DoctorCheck("sync", .problem, "this desk stopped writing to the sync folder: \(stopped)",
                                      action: "memberdesk sync reset-id (gives this desk a new terminal id), then restart memberdesk"))
        }
        let desks = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { SyncFolder.isTerminalId($0) && isFolder(folder.path + "/" + $0) }
        if desks.count >= 2 {
            checks.append(DoctorCheck("sync", .ok, "\(folder.path) is writable and holds \(desks.count) desks' files"))
        } else {
            checks.append(DoctorCheck("sync", .warning,
                                      desks.isEmpty ? "no desk's files in \(folder.path) yet" : "only one desk's files in \(folder.path): no other desk seen yet",
                                      action: "share the folder with the other desks in Syncthing"))
        }
        let installed = environment.programFolders.contains { FileManager.default.isExecutableFile(atPath: environment.systemRoot + $0 + "/syncthing") }
        if !installed {
            checks.append(DoctorCheck("sync", .warning, "Syncthing is not installed: nothing carries the folder to the other desks",
                                      action: "sudo apt install syncthing"))
        } else if !isRunning("syncthing") {
            checks.append(DoctorCheck("sync", .warning, "Syncthing is installed but not running",
                                      action: "sudo systemctl enable --now syncthing@USER (the user that owns the folder)"))
        } else {
            checks.append(DoctorCheck("sync", .ok, "Syncthing is running"))
        }
        return checks
    }

    private func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether a process of that name runs, from `/proc/PID/comm`.
    private func isRunning(_ name: String) -> Bool {
        let proc = environment.system("/proc")
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: proc)) ?? []).filter { Int($0) != nil }
        return pids.contains { environment.read("\(proc)/\($0)/comm")?.trimmingCharacters(in: .whitespacesAndNewlines) == name }
    }
}
