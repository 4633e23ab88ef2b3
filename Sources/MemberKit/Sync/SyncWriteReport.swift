import Foundation

/// What one write did: the file written (if any) and the files a snapshot made obsolete.
public struct SyncWriteReport: Sendable, Equatable, Codable {
    public var file: String?
    public var members = 0
    public var snapshot = false
    public var removed: [String] = []

    package init() {}
}
