import Foundation
import MemberKit
import Synchronization

/// Keeps one terminal in sync while it runs: writes this terminal's changes shortly after they
/// are committed (the change log is polled, so check-ins made by other processes count too),
/// reads the others' files when inotify reports one, and rescans the folder now and then because
/// network shares report nothing. Check-ins never wait for it: it runs on its own thread, and
/// its merges take the write lock in short transactions.
public final class SyncWatcher: Sendable {
    public let sync: DeskSync
    private let bus: EventBus?
    private let clock: any DeskClock
    /// How often the change log is looked at: the delay from a commit to its changes file.
    private let writeCheck: Double
    private let stopped = Mutex(false)
    private let running = Mutex(false)
    private let finished = DispatchSemaphore(value: 0)
    private let latest = Mutex<SyncPassReport?>(nil)
    /// The folder's last error: the event log hears each once, not at every rescan.
    private let lastError = Mutex<String?>(nil)

    public init(sync: DeskSync, bus: EventBus? = nil, clock: any DeskClock = SystemClock(), writeCheck: Double = 0.5) {
        self.sync = sync
        self.bus = bus
        self.clock = clock
        self.writeCheck = writeCheck
    }

    /// The last pass, for status lines.
    public var lastPass: SyncPassReport? { latest.withLock { $0 } }

    public func stop() { stopped.withLock { $0 = true } }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// Stops the loop, waits for its pass to end, and writes what is still pending (the last taps
    /// before a shutdown).
    public func stopAndFlush() {
        stop()
        if running.withLock({ $0 }) { finished.wait() }
        pass(write: true, read: false)
    }

    /// Starts `run()` on its own thread.
    public func start() {
        running.withLock { $0 = true }
        let thread = Thread { [self] in self.run() }
        thread.name = "memberdesk-sync"
        thread.start()
    }

    /// Runs until `stop()`: a first full pass, then writes and reads as things change.
    public func run() {
        defer {
            running.withLock { $0 = false }
            finished.signal()
        }
        let notifier = try? FolderNotifier()
        var writtenUpTo: Int64 = -1
        var readDue = true
        var nextRescan = 0.0
        let own = sync.settings.folder.isEmpty ? "" : SyncFolder(path: sync.settings.folder).subfolder(sync.writer.terminal.id)
        while !isStopped {
            let now = clock.now().timeIntervalSince1970
            if now >= nextRescan {
                readDue = true
                nextRescan = now + sync.settings.rescanInterval
            }
            // Read before the pass: a change committed during the pass is then seen next time round.
            let latest = try? sync.database.latestChange()
            let changed = latest.map { $0 != writtenUpTo } ?? true
            if changed || readDue {
                // Watch the folder and every subfolder before reading them, so that a file landing
                // during the read is still heard of (new desks appear as new subfolders).
                if readDue, let notifier {
                    let folder = SyncFolder(path: sync.settings.folder)
                    notifier.watch(folder.path)
                    for entry in (try? SyncFolder.entries(of: folder.path)) ?? [] where entry.kind == .directory
                        && SyncFolder.isTerminalId(entry.name) && entry.name != sync.writer.terminal.id {
                        notifier.watch(folder.subfolder(entry.name))
                    }
                }
                pass(write: changed || writtenUpTo < 0, read: readDue)
                writtenUpTo = latest ?? writtenUpTo
                readDue = false
            }
            guard let notifier else {
                Thread.sleep(forTimeInterval: writeCheck)
                continue
            }
            // Anything but our own writes and temporary files means another desk's file arrived.
            for event in notifier.wait(timeout: writeCheck) where event.folder != own {
                if !event.name.hasPrefix(".") && !event.name.hasPrefix("~") { readDue = true }
            }
        }
    }

    /// One pass now (what `sync now` does), reported on the bus.
    @discardableResult
    public func pass(write: Bool = true, read: Bool = true) -> SyncPassReport? {
        do {
            let written = write ? try sync.writer.write() : SyncWriteReport()
            let readReport = read ? try sync.reader.read() : (lastPass?.read ?? SyncReadReport())
            let report = SyncPassReport(folder: sync.settings.folder, written: written, read: readReport,
                                        time: clock.now().timeIntervalSince1970)
            latest.withLock { $0 = report }
            lastError.withLock { $0 = nil }
            bus?.publish(.sync(SyncNotice(desks: readReport.terminals + 1, time: clock.now(), error: nil)))
            return report
        } catch {
            let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            bus?.publish(.sync(SyncNotice(desks: 0, time: clock.now(), error: message)))
            let repeated = lastError.withLock { last in
                defer { last = message }
                return last == message
            }
            if !repeated { bus?.publish(.error(DeskErrorNotice(source: "sync", message: message))) }
            return nil
        }
    }
}
