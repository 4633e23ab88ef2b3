import ArgumentParser
import DeskSettings
import FolderSync
import Foundation
import MemberKit

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Keep desks in step through a shared folder ([sync] folder in the config), e.g. one Syncthing carries.",
        subcommands: [Now.self, Status.self, Watch.self, Retire.self, ResetId.self, SyncthingCommand.self]
    )

    struct Now: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write this desk's pending changes, merge what is new from the others, and say what happened.",
            discussion: "Exits 1, naming the file on stderr, when a file in the folder is bad (this time or unchanged since).")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let context = try DeskContext.open(global)
            let report = try context.deskSync().pass()
            if json {
                print(SyncText.json(report))
            } else {
                for line in SyncText.lines(report) { print(line) }
            }
            // A bad file is reported once in the event log, but a script asks every time: it fails while one is there.
            let bad = try context.database.badSyncFiles()
            if let problem = SyncText.badFilesLine(errors: report.read.errors, bad: bad, folder: report.folder) {
                CommandLineFailure.printError(problem)
                throw ExitCode(1)
            }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The folder, each desk seen there, bad files, and what is pending here.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let context = try DeskContext.open(global)
            let status = try context.deskSync().status()
            if json {
                print(SyncText.json(status))
            } else {
                for line in SyncText.lines(status, now: CommandClock.current.now()) { print(line) }
            }
        }
    }

    struct Retire: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take over what a desk that left authored, so that its subfolder can go (run it on another desk).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The retired desk's terminal id (see `memberdesk sync status`).") var deskId: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let context = try DeskContext.open(global)
            let report = try context.deskSync().retire(deskId)
            if json {
                print(SyncText.json(report))
            } else {
                for line in SyncText.lines(report) { print(line) }
            }
        }
    }

    struct ResetId: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-id",
            abstract: "Give this desk a new terminal id (a machine cloned from another, a database copied back by hand; restore gives one itself).")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let context = try DeskContext.open(global)
            let report = try context.database.resetTerminalId(from: context.terminal.id)
            if json {
                print(SyncText.json(report))
            } else {
                for line in SyncText.lines(report) { print(line) }
            }
        }
    }

    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep syncing in the foreground until SIGINT or SIGTERM (for a systemd service).")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try DeskContext.open(global)
            let sync = try context.deskSync()
            try sync.writer.folder.checkUsable()
            let signal = TerminationSignal()
            let watcher = context.syncWatcher(sync)
            print("watching \(sync.settings.folder) as \(context.terminal.name) (\(context.terminal.id))")
            watcher.start()
            let closing = ClosingTimer(club: context.club)
            closing.start()
            let warmer = ReportWarmer(club: context.club)
            warmer.start()
            let mqtt = context.startMQTT()
            _ = signal.wait()
            mqtt?.stop()
            warmer.stop()
            closing.stop()
            watcher.stopAndFlush()
            print("stopped")
        }
    }
}

extension DeskContext {
    /// This desk's sync, or a one-line error when the config leaves it off.
    func deskSync() throws -> DeskSync {
        guard let settings = SyncSettings(config) else { throw SyncError.off }
        return DeskSync(database: database, files: LocalSyncFolderFiles(), settings: settings, terminal: terminal, bus: bus,
                        memberFields: club.settings.memberFields, eventMessages: { [club] in club.currentEventMessages }, photos: photos)
    }

    /// The watcher that keeps this desk in sync while it runs; with Syncthing on this machine, it
    /// asks Syncthing to scan each file it writes at once (`SyncthingScan`).
    func syncWatcher(_ sync: DeskSync) -> SyncWatcher {
        var written: (@Sendable (String) -> Void)?
        if let scan = SyncthingScan(bus: bus) { written = { scan.scan($0) } }
        return SyncWatcher(sync: sync, bus: bus, written: written)
    }
}
