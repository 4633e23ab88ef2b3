import Foundation
import MemberKit

/// The database: where it is, who owns it and with what mode, whether its account can write
/// there, its integrity (`PRAGMA quick_check`), its schema, and the free disk space.
struct DatabaseChecks {
    let environment: DoctorEnvironment

    func run() -> [DoctorCheck] {
        let path = environment.databasePath
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let fm = FileManager.default
        var checks: [DoctorCheck] = []
        var info = stat()
        let exists = stat(path, &info) == 0
        // The account the desk writes as: the file's owner, or this user for a database still to be created.
        let deskUser = exists ? info.st_uid : geteuid()
        if !fm.fileExists(atPath: folder) {
            checks.append(DoctorCheck("database", .warning, "no database yet (\(path)); its folder does not exist",
                                      action: "it is created on the first check-in, or now with: memberdesk stats"))
            return checks
        }
        if let readOnly = Self.readOnlyFileSystem(folder), readOnly {
            checks.append(DoctorCheck("database", .problem, "the file system holding \(folder) is read-only",
                                      action: "remount it read-write, or move the database (--db, MEMBERDESK_DB)"))
        } else if !Self.canWrite(folder, uid: deskUser) {
            checks.append(DoctorCheck("database", .problem,
                                      "the folder \(folder) is not writable by \(Self.name(of: deskUser)): SQLite keeps its journal there",
                                      action: "sudo chown \(Self.name(of: deskUser)): \(folder) && sudo chmod 700 \(folder)"))
        }
        guard exists else {
            checks.append(DoctorCheck("database", .warning, "no database yet at \(path)",
                                      action: "it is created on the first check-in, or now with: memberdesk stats"))
            return checks + [freeSpace(folder)]
        }
        let mode = info.st_mode & 0o777
        let owner = Self.name(of: info.st_uid)
        var companionsOK = true
        for companion in [path + "-wal", path + "-shm"] {
            var other = stat()
            if stat(companion, &other) == 0, other.st_uid != info.st_uid {
                companionsOK = false
                checks.append(DoctorCheck("database", .problem,
                                          "\(companion) belongs to \(Self.name(of: other.st_uid)), not \(owner): the desk cannot write",
                                          action: "sudo chown \(owner): \(path) \(path)-wal \(path)-shm"))
            }
        }
        if mode & 0o200 == 0 && info.st_uid != 0 {
            checks.append(DoctorCheck("database", .problem, "\(path) is read-only (mode \(Self.octal(mode)))",
                                      action: "chmod 600 \(path)"))
        } else if mode & 0o077 != 0 {
            checks.append(DoctorCheck("database", .warning, "\(path) can be read by other users (mode \(Self.octal(mode)))",
                                      action: "chmod 600 \(path)"))
        } else if companionsOK {
            checks.append(DoctorCheck("database", .ok, "\(path), owner \(owner), mode \(Self.octal(mode))"))
        }
        do {
            let health = try AppDatabase.health(path: path)
            if !health.problems.isEmpty {
                checks.append(DoctorCheck("database", .problem, "damaged: " + health.problems.prefix(2).joined(separator: "; "),
                                          action: "stop the desk and restore the newest backup: memberdesk restore FILE"))
            } else if !health.unknownMigrations.isEmpty {
                checks.append(DoctorCheck("database", .problem,
                                          "written by a newer memberdesk (schema \(health.schemaVersion ?? "?"))",
                                          action: "install that newer memberdesk again, or restore a backup made by this one"))
            } else if health.schemaVersion == nil {
                checks.append(DoctorCheck("database", .problem, "\(path) is not a memberdesk database",
                                          action: "point --db or MEMBERDESK_DB at the member database, or move this file away"))
            } else if !health.pendingMigrations.isEmpty {
                checks.append(DoctorCheck("database", .ok,
                                          "intact, schema \(health.schemaVersion!) (upgraded to \(health.latestSchema) on the next start)"))
            } else {
                checks.append(DoctorCheck("database", .ok, "intact (quick_check), schema \(health.latestSchema)"))
            }
        } catch {
            checks.append(DoctorCheck("database", .problem, "cannot be read: \(error)",
                                      action: "check its owner and mode, or restore the newest backup: memberdesk restore FILE"))
        }
        return checks + [freeSpace(folder)]
    }

    private func freeSpace(_ folder: String) -> DoctorCheck {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else {
            return DoctorCheck("disk", .warning, "cannot tell the free space of \(folder)")
        }
        let free = Double(info.f_bavail) * Double(info.f_frsize)
        let text = String(format: "%.1f GB free in %@", free / 1e9, folder)
        if free < 50e6 {
            return DoctorCheck("disk", .problem, text, action: "free disk space: check-ins fail when the disk is full")
        }
        if free < 500e6 {
            return DoctorCheck("disk", .warning, text, action: "free disk space soon (old backups, logs)")
        }
        return DoctorCheck("disk", .ok, text)
    }

    static func readOnlyFileSystem(_ path: String) -> Bool? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Whether `uid` may create files in `path`, by its mode bits (the doctor may run as root or
    /// as an administrator on the desk account's behalf, so access(2) would answer for the wrong user).
    static func canWrite(_ path: String, uid: uid_t) -> Bool {
        if uid == 0 { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        if info.st_uid == uid { return info.st_mode & S_IWUSR != 0 }
        if groups(of: uid).contains(info.st_gid) { return info.st_mode & S_IWGRP != 0 }
        return info.st_mode & S_IWOTH != 0
    }

    static func groups(of uid: uid_t) -> [gid_t] {
        guard let entry = getpwuid(uid) else { return [] }
        var count: Int32 = 64
        var list = [gid_t](repeating: 0, count: Int(count))
        guard getgrouplist(entry.pointee.pw_name, entry.pointee.pw_gid, &list, &count) >= 0 else { return [entry.pointee.pw_gid] }
        return Array(list.prefix(Int(count)))
    }

    static func name(of uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return String(cString: name)
    }

    static func octal(_ mode: mode_t) -> String { String(format: "%04o", mode) }
}
