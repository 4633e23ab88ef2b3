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
    /// How often the change log is looked at when inotify says nothing: at most the delay from a
    /// commit to its changes file (one indexed read each time, so 0.1 s costs little).
    private let writeCheck: Double
    private let stopped = Mutex(false)
    private let running = Mutex(false)
    private let finished = DispatchSemaphore(value: 0)
    private let latest = Mutex<SyncPassReport?>(nil)
    /// The folder's last error: the event log hears each once, not at every rescan.
    private let lastError = Mutex<String?>(nil)
    /// Told this desk's subfolder after a pass wrote a file into it: the carrier can look at once
    /// (`SyncthingScan` asks Syncthing to scan it) rather than after its own watcher's delay.
    private let written: (@Sendable (String) -> Void)?
    /// After a pass that could not write (a full disk, a folder gone), the next try waits this
    /// long, doubling up to the upper bound: the pending changes are written once it works again,
    /// with or without a new commit, and a full disk is not hammered ten times a second.
    private let retryDelay: ClosedRange<Double>

    public init(sync: DeskSync, bus: EventBus? = nil, clock: any DeskClock = SystemClock(), writeCheck: Double = 0.1,
                retryDelay: ClosedRange<Double> = 1...30, written: (@Sendable (String) -> Void)? = nil) {
        self.sync = sync
        self.bus = bus
        self.clock = clock
        self.writeCheck = writeCheck
        self.retryDelay = retryDelay
        self.written = written
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

    /// Runs until `stop()`: a first full pass, then writes and reads as things change. A commit
    /// is heard of through inotify on the database's WAL (any process's check-in), with the poll
    /// as a fallback; a file that arrives is named by its event, and only it is read (a new
    /// subfolder is read whole). The full walk runs at start, on an inotify overflow, and every
    /// `rescanInterval`, so a file no event named (a network share's) is still read.
    public func run() {
        defer {
            running.withLock { $0 = false }
            finished.signal()
        }
        let notifier = try? FolderNotifier()
        var writtenUpTo: Int64 = -1
        var fullRead = true
        var nextRescan = 0.0
        /// Set while writing fails: when to try again, and the delay that led there.
        var retry: (at: Double, delay: Double)?
        let folder = sync.writer.folder
        let ownId = sync.writer.terminal.id
        var events = WatchedEvents(folder: folder.path, ownId: ownId)
        let wal = sync.database.path.map { $0 + "-wal" }
        while !isStopped {
            let now = clock.now().timeIntervalSince1970
            if now >= nextRescan {
                fullRead = true
                nextRescan = now + sync.settings.rescanInterval
            }
            // Read before the pass: a change committed during the pass is then seen next time round.
            let latest = try? sync.database.latestChange()
            let changed = latest.map { $0 != writtenUpTo } ?? true
            let write = (changed || writtenUpTo < 0) && (retry.map { now >= $0.at } ?? true)
            if events.walk { fullRead = true }
            if write || fullRead || !events.isEmpty {
                // Watch the folder and every subfolder before reading them, so that a file landing
                // during the read is still heard of (new desks appear as new subfolders).
                if fullRead, let notifier {
                    notifier.watch(folder.path)
                    for entry in (try? folder.files.entries(of: folder.path)) ?? [] where entry.kind == .directory
                        && SyncFolder.isTerminalId(entry.name) && entry.name != ownId {
                        notifier.watch(folder.subfolder(entry.name))
                        notifier.watch(folder.subfolder(entry.name) + "/" + PhotoFiles.folderName)  // none yet: watched once made
                    }
                }
                for subfolder in events.newSubfolders { notifier?.watch(subfolder) }
                let passed = pass(write: write, read: fullRead || !events.isEmpty, named: fullRead ? nil : events.named) != nil
                if passed, write {
                    writtenUpTo = latest ?? writtenUpTo
                    retry = nil
                } else if !passed, write {
                    // Still pending: tried again after a delay, whether or not anything else is committed.
                    let delay = retry.map { min($0.delay * 2, retryDelay.upperBound) } ?? retryDelay.lowerBound
                    retry = (now + delay, delay)
                }
                fullRead = false
                events.clear()
            }
            guard let notifier else {
                Thread.sleep(forTimeInterval: writeCheck)
                continue
            }
            if let wal { notifier.watchFile(wal) }
            // The WAL's events only end the wait (a commit to write); another desk's files are named.
            for event in notifier.wait(timeout: writeCheck) { events.take(event) }
        }
    }

    /// One pass now (what `sync now` does), reported on the bus.
    @discardableResult
    public func pass(write: Bool = true, read: Bool = true, only: Set<String>? = nil) -> SyncPassReport? {
        pass(write: write, read: read, named: only.map(SyncNamedFiles.init(desks:)))
    }

    @discardableResult
    private func pass(write: Bool, read: Bool, named: SyncNamedFiles?) -> SyncPassReport? {
        do {
            let report = try sync.pass(write: write, read: read, named: named, previousRead: lastPass?.read)
            if report.written.file != nil { written?(sync.writer.terminal.id) }
            latest.withLock { $0 = report }
            lastError.withLock { $0 = nil }
            bus?.publish(.sync(SyncNotice(desks: report.read.activeDesks, time: clock.now(), error: nil)))
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
