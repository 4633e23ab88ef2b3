import Foundation

/// The identity a restore gave the desk: a new terminal id, and its earlier selves (the backup's
/// id, and the replaced database's when it synced under another), now desks it took over.
public struct RestoredIdentity: Sendable, Equatable, Codable {
    /// The backup's terminal id (nil: the backup never had one).
    public var oldTerminalId: String?
    public var newTerminalId: String
    /// Retired by this desk: read like any other desk's subfolder, carried in its snapshots.
    public var earlierSelves: [String]
}
