import Foundation

/// One sync file of another terminal as this terminal last found it.
public struct SyncFileRecord: Sendable, Equatable, Codable {
    public var terminalId: String
    public var name: String
    package var size: Int64
    package var mtime: Double
    var readAt: Double
    /// Why the file could not be read (nil: it was merged).
    public var error: String?

    package init(terminalId: String, name: String, size: Int64, mtime: Double, readAt: Double, error: String? = nil) {
        self.terminalId = terminalId
        self.name = name
        self.size = size
        self.mtime = mtime
        self.readAt = readAt
        self.error = error
    }
}
