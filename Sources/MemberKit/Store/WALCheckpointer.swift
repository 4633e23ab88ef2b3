import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Checkpoints a WAL-mode database file off the write path. SQLite's own auto-checkpoint runs
/// inside the commit that crosses 1,000 WAL pages, and its copying and fsyncs (about 10 ms here)
/// land on whichever tap committed. This replaces it, on the writing connection only, with a
/// commit hook that asks for a PASSIVE checkpoint on a connection and a queue of its own: a
/// PASSIVE checkpoint takes no write lock, so the next commit does not wait for it.
final class WALCheckpointer: Sendable {
    /// SQLite's default auto-checkpoint threshold, kept: the WAL grows no larger than before.
    static let pages: Int32 = 1000

    private let path: String
    private let queue = DispatchQueue(label: "memberdesk.checkpoint", qos: .utility)
    private struct State {
        var requested = false
        /// The WAL's length (pages) when the last checkpoint ran: the next is asked for 1,000 pages on.
        var checkpointedAt: Int32 = 0
        var connection: DatabaseQueue?
    }
    private let state = Mutex(State())

    init(path: String) {
        self.path = path
    }

    /// Installs the hook on a connection that writes (a reader never commits, so it never fires there).
    func install(on db: Database) {
        sqlite3_wal_hook(db.sqliteConnection, { context, _, _, pages in
            if let context { Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(pages: pages) }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// After each commit: `pages` is the WAL's length, which starts again from 0 once a checkpoint has copied it all.
    private func committed(pages: Int32) {
        let due = state.withLock { state -> Bool in
            if pages < state.checkpointedAt { state.checkpointedAt = 0 }  // the WAL started again
            guard !state.requested, pages - state.checkpointedAt >= Self.pages else { return false }
            state.requested = true
            return true
        }
        if due { queue.async { [self] in checkpoint() } }
    }

    /// Copies what it can: a reader's snapshot or a commit under way stops a PASSIVE checkpoint
    /// early, harmlessly (the rest waits for the next). A failure changes nothing: the WAL keeps the data.
    private func checkpoint() {
        let connection = state.withLock { state -> DatabaseQueue? in
            if state.connection == nil {
                var config = Configuration()
                config.label = "memberdesk.checkpoint"
                state.connection = try? DatabaseQueue(path: path, configuration: config)
            }
            return state.connection
        }
        var log: Int32 = 0
        try? connection?.writeWithoutTransaction { db in
            _ = sqlite3_wal_checkpoint_v2(db.sqliteConnection, nil, SQLITE_CHECKPOINT_PASSIVE, &log, nil)
        }
        state.withLock { state in
            state.checkpointedAt = max(0, log)
            state.requested = false
        }
    }
}
