import ArgumentParser
import CardReader
import FolderSync
import Foundation
import MemberKit

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "The headless front desk: check in every tap until SIGINT or SIGTERM.",
        discussion: """
            Prints one line per outcome and per reader event, flushed as it happens. \
            With --stdin, reads keyboard-wedge scans (one per line) from standard input instead \
            of watching PC/SC readers, and ends at end of input.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: ArgumentHelp("Watch only this reader: its name, or part of it (default: config reader.name, else every reader).", valueName: "name"))
    var reader: String?
    @Flag(help: "Print JSON lines.") var json = false
    @Flag(name: .customLong("stdin"), help: "Read wedge scans from standard input instead of PC/SC readers.")
    var standardInput = false

    func validate() throws {
        if standardInput, reader != nil { throw ValidationError("--reader does not apply to --stdin") }
    }

    // Synchronous on purpose: main.swift's `run()` call on an AsyncParsableCommand existential
    // resolves to the synchronous requirement, so an async run() would never be called.
    func run() throws {
        let context = try DeskContext.open(global)
        // Bad SUN key files stop the desk before it watches a reader (one line, exit 1).
        let applications = try SUNKeyFiles.applications(context.config)
        let subscription = context.bus.subscribe()
        let printer = ScanPrinter(json: json, plans: context.club.settings.plans)
        let printed = DispatchSemaphore(value: 0)
        Task.detached {
            for await event in subscription { printer.print(event) }
            printed.signal()
        }
        let stop = TerminationSignal()
        // With a sync folder set, the headless desk syncs too; its last taps are written before it ends.
        let syncWatcher = (try? context.deskSync()).map { context.syncWatcher($0) }
        syncWatcher?.start()
        defer { syncWatcher?.stopAndFlush() }
        let closing = ClosingTimer(club: context.club)
        closing.start()
        defer { closing.stop() }
        let warmer = ReportWarmer(club: context.club)
        warmer.start()
        defer { warmer.stop() }
        let mqtt = context.startMQTT()
        defer { mqtt?.stop() }
        let service = ServiceNotifier()  // under systemd (Type=notify): READY=1, then watchdog pings
        // Taps here are recorded under the Unix user (`cli:alice`), by their own method.
        let checkIns = OperatorCheckIns(club: context.club, operator: context.actor.operator)
        if standardInput {
            let wedge = WedgeLineReader(checkIns: checkIns, events: context.bus)
            Thread.detachNewThread {
                wedge.run(fileDescriptor: STDIN_FILENO)
                stop.fire(0)
            }
            service.ready(status: "reading wedge scans from standard input")
            _ = stop.wait()
        } else {
            let name = reader ?? context.config.reader.name
            let monitor = ReaderMonitor(context: PCSCLiteContext(), checkIns: checkIns, events: context.bus,
                                        options: context.readerOptions(name: name, applications: applications))
            monitor.start()
            service.ready(status: name.isEmpty ? "watching every reader" : "watching reader \(name)")
            _ = stop.wait()
            monitor.stop()
        }
        service.stopping()
        subscription.cancel()
        printed.wait()
    }
}
