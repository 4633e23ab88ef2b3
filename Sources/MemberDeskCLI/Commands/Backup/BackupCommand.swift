import ArgumentParser
import DeskPhotos
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
            pruned to the newest backup.keep backups. The members' photos go into photos/ beside it.
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
        // After the copy: a photo set since is kept too (one more is harmless), none it names is missed.
        let kept = PhotoFolder(besideBackup: target)
        let photos = kept.copy(try context.database.memberPhotos(), from: context.photos)
        let pruned = file == nil ? try folder.prune(keep: Int(context.config.backup.keep)) : []
        if json {
            var object: [String: JSONValue] = [
                "file": .string(target), "members": .int(summary.members), "visits": .int(summary.visits),
                "schema": .string(summary.schemaVersion), "pruned": .array(pruned.map(JSONValue.string)),
                "photosCopied": .int(photos.copied), "photosMissing": .int(photos.missing),
            ]
            object["newestVisit"] = summary.newestVisit.map { .string(ISO8601Formatters.string(from: $0)) } ?? .null
            JSONOutput.print(object)
        } else {
            print("backup: \(target) (\(CountText.of(summary.members, "member")), \(CountText.of(summary.visits, "visit")))")
            if photos.copied > 0 { print("photos: \(CountText.of(photos.copied, "photo")) copied to \(kept.path)") }
            if photos.missing > 0 { print("photos: \(CountText.of(photos.missing, "member's photo", plural: "members' photos")) not found to copy") }
            for path in pruned { print("removed old backup: \(path)") }
        }
    }
}
