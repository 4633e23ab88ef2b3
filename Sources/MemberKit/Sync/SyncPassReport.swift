import Foundation

/// What one sync pass did: this terminal's file written, the others' files merged.
public struct SyncPassReport: Sendable, Equatable, Codable {
    public var folder: String
    public var written: SyncWriteReport
    public var read: SyncReadReport
    package var time: Double

    package init(folder: String, written: SyncWriteReport, read: SyncReadReport, time: Double) {
        self.folder = folder
        self.written = written
        self.read = read
        self.time = time
    }
}
