import ArgumentParser
import DeskSettings
import Foundation
import MemberKit

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the database, while desks keep checking people in.",
        discussion: """
            The copy is SQLite's online backup, written to a temporary file, checked with \
            PRAGMA integrity_check, and renamed into place with mode 0600. Without FILE it goes into \
            the backup folder (config backup.folder) with a timestamped name, and the folder is \
            pruned to the newest backup.keep backups.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The backup file (default: a timestamped file in the backup folder).", valueName: "file"))
    var file: String?
    @Flag(help: "Print the outcome as one JSON object.") var json = false

    func run() throws {
        let context = try DeskContext.open(global, readOnly: true)
        let folder = BackupFolder(config: context.config, paths: context.paths)
        let target: String
        if let file {
            target = file
        } else {
            try folder.create()
            target = folder.newBackupPath(at: CommandClock.current.now())
        }
        let summary = try context.database.backup(to: target)
        let pruned = file == nil ? try folder.prune(keep: Int(context.config.backup.keep)) : []
        if json {
            var object: [String: JSONValue] = [
                "file": .string(target), "members": .int(summary.members), "visits": .int(summary.visits),
                "schema": .string(summary.schemaVersion), "pruned": .array(pruned.map(JSONValue.string)),
            ]
            object["newestVisit"] = summary.newestVisit.map { .string(ISO8601Formatters.string(from: $0)) } ?? .null
            JSONOutput.print(object)
        } else {
            print("backup: \(target) (\(CountText.of(summary.members, "member")), \(CountText.of(summary.visits, "visit")))")
            for path in pruned { print("removed old backup: \(path)") }
        }
    }
}
