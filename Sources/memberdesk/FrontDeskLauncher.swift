import DeskUI
import Foundation
import MemberKit
import Synchronization

/// `memberdesk` with no subcommand: wires the front desk's parts and runs its screen.
/// A part this build lacks is passed as nil and shows as "not available".
enum FrontDeskLauncher {
    static func run(_ options: GlobalOptions) throws {
        let context = try DeskContext.open(options)
        let environment = ProcessInfo.processInfo.environment
        let services = DeskServices(
            club: context.club, terminalName: context.config.terminalName,
            bannerSeconds: context.config.ui.bannerSeconds,
            importer: SyncImportService(database: context.database, bus: context.bus),
            exporter: SyncExportService(database: context.database, memberFields: context.club.settings.memberFields,
                                        directory: FileManager.default.currentDirectoryPath),
            regions: nil,
            readerMonitorRunning: false, beaconScannerRunning: false)
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(environment: environment)
        } catch let error as TerminalUnavailable {
            throw DeskError.io(error.description)
        }
        defer { terminal.close() }
        let desk = FrontDesk(services: services)
        let trace = environment["MEMBERDESK_TUI_TRACE"].map(StartupTrace.init)
        let stop = StopSignals()
        FrontDeskLoop.run(desk, on: terminal, stopRequested: { stop.requested }) { _ in trace?.frame(desk) }
    }
}

/// SIGTERM and SIGHUP end the loop so that the terminal is restored (ncurses' own handlers would not).
final class StopSignals {
    final class Flag: Sendable {
        let value = Mutex(false)
    }

    private let flag = Flag()
    private var sources: [any DispatchSourceSignal] = []

    init() {
        let flag = self.flag
        sources = [SIGTERM, SIGHUP, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.value.withLock { $0 = true } }
            source.resume()
            return source
        }
    }

    var requested: Bool { flag.value.withLock { $0 } }
}

/// For `make bench`: when the first frame, and the first frame with member rows, reached the screen.
final class StartupTrace {
    let path: String
    var wroteFirst = false, wroteRows = false

    init(path: String) { self.path = path }

    func frame(_ desk: FrontDesk) {
        if !wroteFirst { wroteFirst = true; write("first-frame") }
        if !wroteRows, !desk.list.rows.isEmpty || desk.list.total == 0 { wroteRows = true; write("first-rows") }
    }

    private func write(_ what: String) {
        let line = "\(what) \(Date().timeIntervalSince1970)\n"
        if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data(line.utf8))
            try? handle.close()
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
        }
    }
}
