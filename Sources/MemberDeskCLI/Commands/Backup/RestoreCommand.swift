import ArgumentParser
import DeskDoctor
import DeskPhotos
import DeskSettings
import Foundation
import MemberKit

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database with a backup, keeping the current one beside it.",
        discussion: """
            Checks that FILE is an intact memberdesk database, shows what it holds, asks, then swaps \
            it in atomically; the current database is kept as members.sqlite.before-restore-TIME. \
            It refuses while another process (a desk, a service) has the database open, and names it. \
            Without a terminal, it needs --yes. A desk that syncs (or synced) becomes a new desk: a new \
            terminal id, the same name; the next sync reads back what it wrote after the backup.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The backup to restore.", valueName: "file")) var file: String
    @Flag(help: "Restore without asking.") var yes = false

    func run() throws {
        let databasePath = DeskPaths().database(override: global.db)
        try refuseWhileOpen(databasePath)
        let backup = try AppDatabase.inspect(path: file)
        print("\(file): \(Self.describe(backup))")
        if FileManager.default.fileExists(atPath: databasePath) {
            let current = (try? AppDatabase.inspect(path: databasePath)).map(Self.describe) ?? "cannot be read"
            print("replaces \(databasePath): \(current)")
        }
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw DeskError.conflict("nothing restored: no terminal to ask, run with --yes to restore")
            }
            print("Restore this backup? [y/N] ", terminator: "")
            fflush(nil)
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                print("nothing restored (not confirmed)")
                return
            }
            try refuseWhileOpen(databasePath)  // a desk may have started while we asked
        }
        let folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let kept = databasePath + ".before-restore-" + Self.stamp(CommandClock.current.now())
        let hadDatabase = FileManager.default.fileExists(atPath: databasePath)
        // A desk that syncs, or whose backup or database synced, must not write again under the id
        // its earlier self wrote with after the backup: the copy becomes a new desk (docs/sync.md).
        let syncs = SyncSettings(try DeskConfig.load(DeskPaths().configFile(override: global.config))) != nil
        let replaced = hadDatabase ? AppDatabase.syncHistory(path: databasePath) : (terminalId: nil, synced: false)
        let identity = try AppDatabase.restore(from: file, into: databasePath, keeping: kept,
                                               renewIdentity: syncs || replaced.synced || AppDatabase.syncHistory(path: file).synced,
                                               replacing: replaced.synced ? replaced.terminalId : nil)
        // The restored record says so itself (and who restored it).
        let context = try DeskContext.open(global)
        try context.club.record(.restore, by: context.actor, detail: ["file": file])
        print("restored \(file) into \(databasePath)")
        if hadDatabase { print("the previous database is kept as \(kept)") }
        if let identity { for line in Self.lines(identity) { print(line) } }
        // The photos the restored members point at, from beside the backup, where this desk lacks them.
        let besideBackup = PhotoFolder(besideBackup: file)
        let photos = context.photos.copy(try context.database.memberPhotos(), from: besideBackup)
        if photos.copied > 0 { print("photos: \(CountText.of(photos.copied, "photo")) restored from \(besideBackup.path)") }
        if photos.missing > 0 {
            print("photos: \(CountText.of(photos.missing, "member's photo", plural: "members' photos")) not beside the backup; a sync brings them from another desk")
        }
    }

    /// What the restore did to the desk's identity, in two lines.
    static func lines(_ identity: RestoredIdentity) -> [String] {
        let earlier = identity.earlierSelves.joined(separator: " and ")
        var lines = ["this desk is a new desk now: terminal id \(identity.newTerminalId)"
                     + (identity.oldTerminalId.map { " (the backup's was \($0))" } ?? "") + ", the same name; its visits count under the new id"]
        if !earlier.isEmpty {
            lines.append("its next sync reads back what \(earlier) wrote after the backup; \(earlier) now "
                         + (identity.earlierSelves.count == 1 ? "counts" : "count") + " as retired, carried by this desk")
        }
        return lines
    }

    private func refuseWhileOpen(_ databasePath: String) throws {
        let holders = DatabaseHolders().holders(of: databasePath)
        guard holders.isEmpty else {
            throw DeskError.conflict("\(databasePath) is open in " + holders.map(\.description).joined(separator: ", ")
                                     + ": stop it first (an installed desk: sudo systemctl stop memberdesk-scan)")
        }
    }

    static func describe(_ summary: DatabaseSummary) -> String {
        let newest = summary.newestVisit.map { ISO8601Formatters.string(from: $0) } ?? "none"
        return "\(CountText.of(summary.members, "member")), \(CountText.of(summary.visits, "visit")), newest visit \(newest)"
    }

    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = ISO8601Text.utc
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}
