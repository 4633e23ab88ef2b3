import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Keeps a WAL-mode database file's log short, off the write path. SQLite's own auto-checkpoint
/// runs inside the commit that crosses 1,000 WAL pages, and its copying and fsyncs land on
/// whichever tap committed. This replaces it, on the writing connection only, with a commit hook
/// that hands the work to a connection and a queue of its own:
/// - every 1,000 pages, a PASSIVE checkpoint copies the log into the file without a lock, so no
///   commit waits for it, and the log is then restarted: a PASSIVE checkpoint alone never catches up
///   with a steady stream of commits (each adds pages while it copies), and SQLite writes the log
///   from its start again only once all of it is copied. After the bulk is copied without a lock,
///   the last few pages are copied while this process's writer queue is held (`attach(writer:)`),
///   and the next commit starts the log again. A tap that arrives meanwhile waits on the queue and
///   goes the moment the copy ends; had it met SQLITE_BUSY (a second connection holding the write
///   lock, as before), SQLite's busy handler would have slept 1, 2, 5, 10, 15 … ms, and that
///   overshoot was most of what a tap lost to checkpoints (`memberdesk-bench checkin` under strace);
/// - after `quietInterval` without a commit, a TRUNCATE checkpoint empties the file (writes wait on the queue);
/// - a backstop: when the checkpointer falls behind (a loaded machine gives its queue little CPU)
///   and the log reaches `backstopPages`, the commit that crossed it copies the log itself, as
///   SQLite's own auto-checkpoint would, so the log stays bounded under any sustained load. It
///   copies through the checkpoint connection, so when the checkpointer is in the middle of a copy
///   it waits for that copy to end and then copies the rest (no commit can add to the log
///   meanwhile: it holds the writer), where it used to meet SQLITE_BUSY and let the log grow on (to
///   17 MB at load 6). That commit's caller waits for the copy; it happens only while the queue is behind.
/// A reader's snapshot pins the log behind it: nothing past it is copied or restarted until it ends.
package final class WALCheckpointer: Sendable {
    /// SQLite's default auto-checkpoint threshold: a PASSIVE checkpoint every 1,000 pages.
    static let pages: Int32 = 1000
    /// A log this long (pages of 4 KB) is restarted: as SQLite's own, so the log is no longer than
    /// the raw reference's by more than what commits add while it is copied (docs/architecture.md).
    package static let restartPages: Int32 = 1000
    /// The log's hard bound: past this, the committing connection copies the log itself (about
    /// 7 MB, under twice SQLite's own 1,000-page threshold).
    package static let backstopPages: Int32 = 1800
    /// Copied without a lock until fewer than this many pages are left for the locked copy.
    static let lockedPages: Int32 = 200
    /// No commit for this long (seconds): the log is emptied.
    static let quietInterval: Double = 1.0

    private let path: String
    private let queue = DispatchQueue(label: "memberdesk.checkpoint", qos: .utility)
    private struct State {
        var requested = false
        /// The WAL's length (pages) when the last checkpoint ran: the next is asked for 1,000 pages on.
        var checkpointedAt: Int32 = 0
        /// The WAL's length after the last commit.
        var log: Int32 = 0
        /// When a restart failed (a reader's snapshot, a commit under way), the length to try again at.
        var restartAgainAt: Int32 = 0
        var lastCommit: UInt64 = 0
        /// Pages this process's commits wrote to the log, in all (the bench's pages per tap).
        var written: Int = 0
        var quietCheckPending = false
        var backstops = 0
        var connection: DatabaseQueue?
        /// This process's writer (weak: its configuration holds this checkpointer).
        weak var writer: DatabasePool?
    }
    private let state = Mutex(State())

    init(path: String) {
        self.path = path
    }

    /// The pool whose writer queue the locked steps hold (until then, they are skipped and tried later).
    func attach(writer: DatabasePool) {
        state.withLock { $0.writer = writer }
    }

    /// Installs the hook on a connection that writes (a reader never commits, so it never fires there).
    func install(on db: Database) {
        sqlite3_wal_hook(db.sqliteConnection, { context, _, _, pages in
            guard let context else { return SQLITE_OK }
            let checkpointer = Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
            checkpointer.committed(pages: pages)
            // The write lock is already released here (SQLite's own auto-checkpoint runs at this point).
            if pages >= WALCheckpointer.backstopPages { checkpointer.backstop() }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Pages this process's commits wrote to the log so far (another process's commits in between
    /// may be counted too: the bench writes alone).
    var pagesWritten: Int { state.withLock { $0.written } }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// After each commit: `pages` is the WAL's length, which starts again from 0 once a restart is done.
    private func committed(pages: Int32) {
        let (due, quietCheck) = state.withLock { state -> (Bool, Bool) in
            if pages < state.log {  // the WAL started again
                state.checkpointedAt = 0
                state.restartAgainAt = 0
                state.written += Int(pages)
            } else {
                state.written += Int(pages - state.log)
            }
            state.log = pages
            state.lastCommit = Self.now()
            let quietCheck = !state.quietCheckPending
            state.quietCheckPending = true
            guard !state.requested else { return (false, quietCheck) }
            let due = pages - state.checkpointedAt >= Self.pages
                || (pages >= Self.restartPages && pages >= state.restartAgainAt)
            if due { state.requested = true }
            return (due, quietCheck)
        }
        if due { queue.async { [self] in catchUp() } }
        if quietCheck { queue.asyncAfter(deadline: .now() + Self.quietInterval) { [self] in whenQuiet() } }
    }

    /// The log is past its bound: copied now, while the committing connection holds the writer,
    /// through the checkpoint connection (after the copy it may be running: its queue is the
    /// checkpoints' one lock; the order is always the writer, then that queue). Once all of it is
    /// copied the next commit writes it from its start again. Pinned by a reader: the next commit tries again.
    private func backstop() {
        if checkpoint(SQLITE_CHECKPOINT_PASSIVE) != nil { state.withLock { $0.backstops += 1 } }
    }

    /// Times the backstop ran (the bench prints it: nonzero means the checkpointer fell behind).
    var backstopCount: Int { state.withLock { $0.backstops } }

    /// The checkpoint connection, opened on first use. It has no busy handler: a checkpoint that
    /// would wait for the write lock or a reader gives up at once instead (it never holds the
    /// write lock while it waits, which would stall every tap behind it).
    private func connection() -> DatabaseQueue? {
        state.withLock { state in
            if state.connection == nil {
                var config = Configuration()
                config.label = "memberdesk.checkpoint"
                config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
                state.connection = try? DatabaseQueue(path: path, configuration: config)
            }
            return state.connection
        }
    }

    /// Runs `body` while this process's writer queue is held: our commits wait for it on the queue
    /// (no SQLITE_BUSY, no busy-handler sleep). False when no writer is attached or it is closed.
    private func whileOurWritesWait(_ body: () -> Void) -> Bool {
        guard let writer = state.withLock({ $0.writer }) else { return false }
        return (try? writer.writeWithoutTransaction { _ in body() }) != nil
    }

    /// Copies the rest of the log while our writes wait: once all of it is in the file, the next
    /// commit writes the log from its start again (unless a reader still reads it, or another
    /// process committed meanwhile: then it is tried again later). True when all was copied.
    private func copyRestWhileWritesWait() -> Bool {
        var copiedAll = false
        _ = whileOurWritesWait {
            if let result = checkpoint(SQLITE_CHECKPOINT_PASSIVE) { copiedAll = result.log == result.copied }
        }
        return copiedAll
    }

    /// One checkpoint: the log's length and how much of it is copied, or nil when it could not run
    /// (SQLITE_BUSY: the write lock was taken, or a reader still reads what a restart would overwrite).
    private func checkpoint(_ mode: Int32) -> (log: Int32, copied: Int32)? {
        var log: Int32 = -1, copied: Int32 = -1, code = SQLITE_ERROR
        try? connection()?.writeWithoutTransaction { db in
            code = sqlite3_wal_checkpoint_v2(db.sqliteConnection, nil, mode, &log, &copied)
        }
        return code == SQLITE_OK ? (log, copied) : nil
    }

    /// Copies the log without a lock; a long log is then restarted. A failure changes nothing: the WAL keeps the data.
    private func catchUp() {
        var result = checkpoint(SQLITE_CHECKPOINT_PASSIVE)
        var restarted = false
        if let first = result, first.log >= Self.restartPages {
            // What commits added during the copy is copied again without a lock, a few times at most.
            for _ in 0..<2 {
                guard let now = result, now.log - now.copied >= Self.lockedPages else { break }
                result = checkpoint(SQLITE_CHECKPOINT_PASSIVE)
            }
            restarted = copyRestWhileWritesWait()
        }
        state.withLock { state in
            state.checkpointedAt = max(0, result?.log ?? state.log)
            // Not restarted: tried again a little later (each try may copy the newest pages under the lock).
            if let log = result?.log, log >= Self.restartPages, !restarted { state.restartAgainAt = log + Self.lockedPages }
            state.requested = false
        }
    }

    /// `quietInterval` after the last commit (checked again until one passes without any): the log
    /// is emptied. A reader still in the log puts it off, for twice as long each time (at most a minute).
    private func whenQuiet(backoff: Double = WALCheckpointer.quietInterval) {
        let (wait, since) = state.withLock { state -> (Double?, UInt64) in
            let idle = Double(Self.now() - state.lastCommit) / 1e9
            if idle < Self.quietInterval { return (Self.quietInterval - idle, state.lastCommit) }
            if state.log == 0 { state.quietCheckPending = false; return (nil, state.lastCommit) }
            return (0, state.lastCommit)
        }
        guard let wait else { return }
        if wait > 0 {
            queue.asyncAfter(deadline: .now() + wait) { [self] in whenQuiet() }
            return
        }
        // TRUNCATE takes SQLite's write lock: our taps wait on the queue meanwhile, not in a busy sleep.
        var emptied = false
        _ = whileOurWritesWait { emptied = checkpoint(SQLITE_CHECKPOINT_TRUNCATE) != nil }
        let again = state.withLock { state -> Double? in
            // A commit since (right after the lock was let go) starts the wait again.
            if state.lastCommit != since { return Self.quietInterval }
            guard emptied else { return min(backoff * 2, 60) }
            state.log = 0
            state.checkpointedAt = 0
            state.restartAgainAt = 0
            state.quietCheckPending = false
            return nil
        }
        if let again { queue.asyncAfter(deadline: .now() + again) { [self] in whenQuiet(backoff: again) } }
    }
}
