import Foundation

/// This terminal's own writing: the folder it writes to and how far it has written.
public struct SyncWriterState: Sendable, Equatable {
    public var folder: String?
    /// Changes up to here are in a file in the folder.
    public var writtenThrough: Int64 = 0
    /// The latest snapshot covers changes up to here, and was written then.
    public var snapshotThrough: Int64 = 0
    public var snapshotAt: Double?
}
