import BeaconKit
import CardReader
import DeskPhotos
import DeskUI
import FolderSync
import Foundation
import MemberKit
import RegionKit
import StaffAuth
import Synchronization

/// `memberdesk` with no subcommand: wires the front desk's parts and runs its screen.
/// Each part publishes on the club's bus; the screen only listens (and asks through DeskServices).
enum FrontDeskLauncher {
    static func run(_ options: GlobalOptions) throws {
        let context = try DeskContext.open(options)
        let environment = ProcessInfo.processInfo.environment
        let config = context.config
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(environment: environment)
        } catch let error as TerminalUnavailable {
            throw DeskError.io(error.description)
        }
        defer { terminal.close() }

        let mqtt = context.startMQTT()
        let regions = RegionWatcher.startLive(config: config, paths: context.paths, club: context.club,
                                              database: context.database, mqtt: mqtt?.scriptPort)
        var services = DeskServices(
            club: context.club, terminalName: config.terminalName, bannerSeconds: config.ui.bannerSeconds,
            importer: SyncImportService(club: context.club, database: context.database),
            exporter: SyncExportService(club: context.club, database: context.database, directory: FileManager.default.currentDirectoryPath),
            regions: RegionWatcherToggle(watcher: regions),
            readerMonitorRunning: true, beaconScannerRunning: config.beacons.enabled)
        let folderSync = try? context.deskSync()
        services.syncEnabled = folderSync != nil
        services.wallet = WalletDeskService(wallet: context.wallet)
        services.photoIntake = context.photos
        services.photos = ChafaPhotoArt(library: context.photos,
                                        mode: PhotoArtMode.detect(setting: config.ui.photo.rawValue, environment: environment))
        // The lock: on once an operator exists (and staff.lock is not off); taps are recorded
        // under whoever is on duty.
        let onDuty = OperatorOnDuty()
        if let hasher = try? SodiumPINHasher() {
            let hasOperators = !((try? context.database.staff()) ?? []).isEmpty
            services.staff = DeskStaffServices(hasher: hasher, lockEnabled: config.staff.lock && hasOperators,
                                               idleMinutes: config.staff.idleMinutes, onDuty: onDuty,
                                               quitWhenLocked: config.staff.quitWhenLocked)
        }
        // Subscribe before the parts start, so their first reports (no pcscd, no adapter) show.
        let desk = FrontDesk(services: services)
        let syncWatcher = folderSync.map { context.syncWatcher($0) }
        let readers = ReaderMonitor(context: PCSCLiteContext(), checkIns: onDuty.checkIns(context.club), events: context.bus,
                                    options: context.readerOptions(name: config.reader.name,
                                                                   applications: try SUNKeyFiles.applications(config)))
        let beacons = config.beacons.enabled
            ? BeaconService.live(hci: config.beacons.hci, settings: config.beacons.presence, bus: context.bus) : nil
        readers.start()
        beacons?.start()
        syncWatcher?.start()
        let closing = ClosingTimer(club: context.club)
        closing.start()
        let warmer = ReportWarmer(club: context.club)
        warmer.start()
        defer {
            warmer.stop()
            closing.stop()
            mqtt?.stop()
            readers.stop()
            beacons?.stop()
            regions.stop()
            syncWatcher?.stopAndFlush()
        }

        let trace = environment["MEMBERDESK_TUI_TRACE"].map(StartupTrace.init)
        // SIGTERM, SIGHUP and SIGINT end the loop so that the terminal is restored (ncurses' own handlers would not).
        let stop = TerminationSignal([SIGTERM, SIGHUP, SIGINT])
        // The loop sleeps until something happens: a stop signal is something.
        let wakeUp = desk.wakeUp
        Thread.detachNewThread {
            _ = stop.wait()
            wakeUp.wake()
        }
        FrontDeskLoop.run(desk, on: terminal, stopRequested: { stop.requested || terminal.hungUp }) { _ in trace?.frame(desk) }
    }
}
