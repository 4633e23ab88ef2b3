import Foundation
import MemberKit

/// The rounds that kill a run writing files: an import, `sync now` and `backup`. Each checks that
/// no file under a final name is partly written and that a run to its end afterwards is whole.
extension KillNineCampaign {
    // MARK: Import

    /// An `import --yes` of `members` new members into a database of the round's own (the desk's
    /// stays small for the other rounds), killed at a random moment within `within` seconds; then
    /// the same import run to its end. Every member is there once, nothing twice.
    public func importRound(members: Int, within: Double) throws {
        round += 1
        let file = desk.home.file("import-\(round).csv")
        let database = desk.home.file("import-\(round).sqlite")
        defer {
            for path in [file, database, database + "-wal", database + "-shm"] { try? FileManager.default.removeItem(atPath: path) }
        }
        var text = "Member ID,Pass ID,Name,Added,Visits\n"
        for i in 0..<members {
            text += "\(UUID().uuidString),I\(round)-\(i),Imported \(i),2026-11-01T10:00:00Z,0\n"
        }
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let arguments = ["import", file, "--yes", "--db", database]
        let wasKilled = try killed(arguments, within: window("import", within))
        try checkIntegrity(database)
        let afterKill = FileManager.default.fileExists(atPath: database) ? try importedCount(database) : 0
        let finished = try runToEnd("import", arguments)
        guard finished.status == 0 else { throw FaultCheckFailure("import after the kill failed: \(finished.stderr)") }
        try checkIntegrity(database)
        let afterRerun = try importedCount(database)
        guard afterKill == 0 || afterKill == members, afterRerun == members else {
            throw FaultCheckFailure("import round \(round): \(afterKill) members after the kill, \(afterRerun) of \(members) after the rerun")
        }
        note("import round \(round): \(wasKilled ? "killed" : "ended before its kill") with \(afterKill) of \(members) members in (all or none); "
             + "integrity ok; rerun: \(afterRerun), each pass once")
    }

    private func importedCount(_ database: String) throws -> Int {
        let rows = try SQLiteShell.rows(database, """
            SELECT count(*), count(DISTINCT passId) FROM member WHERE deletedAt IS NULL
            """)
        guard let row = rows.first, row.count == 2, row[0] == row[1], let count = Int(row[0]) else {
            throw FaultCheckFailure("imported members in \(database): \(rows)")
        }
        return count
    }

    // MARK: Sync and backup

    /// `sync now` into the folder, killed at a random moment; every file under a final name is whole.
    public func syncRound(within: Double) throws {
        round += 1
        let config = desk.home.file("sync.toml")
        try "debounce_seconds = 0\n[sync]\nfolder = \"\(syncFolder)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let wasKilled = try killed(["sync", "now", "--config", config], within: window("sync", within))
        try checkIntegrity()
        let whole = try checkSyncFolder()
        let finished = try runToEnd("sync", ["sync", "now", "--config", config])
        guard finished.status == 0 else { throw FaultCheckFailure("sync now after the kill failed: \(finished.stderr)") }
        let after = try checkSyncFolder()
        note("sync round \(round): \(wasKilled ? "killed" : "ended before its kill"); integrity ok; "
             + "\(whole) member files under final names, each read to its end; \(after) after a sync run to its end")
    }

    /// Reads every member file under a final name to its end (a torn one fails to decode). Returns how many.
    private func checkSyncFolder() throws -> Int {
        var files = 0
        let enumerator = FileManager.default.enumerator(atPath: syncFolder)
        while let name = enumerator?.nextObject() as? String {
            let last = (name as NSString).lastPathComponent
            guard !last.hasPrefix("."), !last.hasPrefix("~") else { continue }  // a name Syncthing and the readers skip
            let path = syncFolder + "/" + name
            if last.hasSuffix("." + SyncFileName.fileExtension) {
                let decoder = try ExchangeFormat.musrl.decoder(path: path)
                do {
                    while try decoder.next() != nil {}
                } catch {
                    throw FaultCheckFailure("\(name) is under a final name but does not read to its end: \(error)")
                }
                files += 1
            } else if last.hasSuffix(".json") {
                guard let data = FileManager.default.contents(atPath: path),
                      (try? JSONSerialization.jsonObject(with: data)) != nil else {
                    throw FaultCheckFailure("\(name) is under a final name but is not whole JSON")
                }
            }
        }
        return files
    }

    /// `backup FILE`, killed at a random moment: FILE is absent or a whole, checked database.
    public func backupRound(within: Double) throws {
        round += 1
        let file = desk.home.file("backup-\(round).sqlite")
        let wasKilled = try killed(["backup", file], within: window("backup", within))
        try checkIntegrity()
        var state = "absent"
        if FileManager.default.fileExists(atPath: file) {
            try checkBackup(file)
            state = "whole (integrity ok)"
        }
        // One to its end beside it: it is whole, and its time sets the next round's kill.
        let full = desk.home.file("backup-\(round)-full.sqlite")
        let finished = try runToEnd("backup", ["backup", full])
        guard finished.status == 0 else { throw FaultCheckFailure("backup after the kill failed: \(finished.stderr)") }
        try checkBackup(full)
        for path in [file, full] { try? FileManager.default.removeItem(atPath: path) }
        note("backup round \(round): \(wasKilled ? "killed" : "ended before its kill"); the backup file is \(state); database integrity ok; "
             + "a backup run to its end is whole")
    }

    private func checkBackup(_ file: String) throws {
        do {
            _ = try AppDatabase.inspect(path: file)
        } catch {
            throw FaultCheckFailure("backup \(file) is under its final name but is not whole: \(error)")
        }
    }
}
