import Foundation

/// Another terminal seen in the sync folder.
public struct SyncTerminalRecord: Sendable, Equatable, Codable {
    public var terminalId: String
    public var name: String?
    /// This terminal holds every change of that one up to here.
    package var coveredThrough: Int64
    public var lastFileTime: Double?
    public var files: Int
    public var lastError: String?
    /// Retired: the desk that took over what it authored, and how far it held its changes then.
    var retiredBy: String?
    var retiredThrough: Int64 = 0

    /// Whether it is a desk: it wrote sync files or a desk.json, was retired, was covered, or its
    /// subfolder could not be read. A subfolder that was none of these (an older memberdesk
    /// recorded every one) is not listed.
    var isDesk: Bool {
        files > 0 || name != nil || retiredBy != nil || coveredThrough > 0 || lastError != nil
    }
}
