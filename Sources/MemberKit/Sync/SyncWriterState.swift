import Foundation

/// This terminal's own writing: the folder it writes to and how far it has written.
package struct SyncWriterState: Sendable, Equatable {
    package var folder: String?
    /// Changes up to here are in a file in the folder.
    package var writtenThrough: Int64 = 0
    /// The latest snapshot covers changes up to here, and was written then.
    package var snapshotThrough: Int64 = 0
    package var snapshotAt: Double?
    /// This database's mark in its `desk.json` (minted on its first write): another mark there
    /// means another machine writes under the same terminal id.
    package var writer: String?
    /// Why writing stopped (a duplicate terminal id, a restored backup), until `sync reset-id`.
    package var stopped: String?
    /// Bytes of the latest snapshot, of the changes files written since it, and of those kept
    /// from before it: what this desk keeps in the folder, known without listing it.
    package var snapshotBytes: Int64 = 0
    package var changesBytes: Int64 = 0
    var olderChangesBytes: Int64 = 0

    package init(folder: String? = nil, writtenThrough: Int64 = 0, snapshotThrough: Int64 = 0, snapshotAt: Double? = nil,
                writer: String? = nil, stopped: String? = nil) {
        self.folder = folder
        self.writtenThrough = writtenThrough
        self.snapshotThrough = snapshotThrough
        self.snapshotAt = snapshotAt
        self.writer = writer
        self.stopped = stopped
    }
}
