import Foundation

/// What sync needs from the config, in the units it works in.
public struct SyncSettings: Sendable, Equatable {
    public var folder: String
    package var snapshotChanges: Int
    package var snapshotInterval: TimeInterval
    var maxFileBytes: Int64
    public var rescanInterval: TimeInterval
    /// Members merged per transaction, so that a check-in never waits long for the write lock.
    var mergeChunk: Int
    /// A snapshot is due once the changes files a desk keeps outweigh a quarter of its latest snapshot, or
    /// this much, whichever is more: a burst of taps over many members cannot grow the folder. A
    /// snapshot larger than this is rewritten for that reason only, not by `snapshotChanges` or
    /// `snapshotInterval` (which would rewrite the list's author's whole list every day).
    package var keptBytesFloor: Int64 = 256 << 10
    /// The club's days, in which holds move a merged member's expiry out (the config's, `TZ`).
    package var calendar: Calendar = .gregorianUTC

    package init(folder: String, snapshotChanges: Int = 1000, snapshotInterval: TimeInterval = 86400,
                maxFileBytes: Int64 = 2048 << 20, rescanInterval: TimeInterval = 30, mergeChunk: Int = 500) {
        self.folder = folder
        self.snapshotChanges = snapshotChanges
        self.snapshotInterval = snapshotInterval
        self.maxFileBytes = maxFileBytes
        self.rescanInterval = rescanInterval
        self.mergeChunk = mergeChunk
    }
}
