import Foundation

/// Another terminal seen in the sync folder.
public struct SyncTerminalRecord: Sendable, Equatable, Codable {
    public var terminalId: String
    public var name: String?
    /// This terminal holds every change of that one up to here.
    public var coveredThrough: Int64
    public var lastFileTime: Double?
    public var files: Int
    public var lastError: String?
    /// Retired: the desk that took over what it authored, and how far it held its changes then.
    public var retiredBy: String?
    public var retiredThrough: Int64 = 0
}
