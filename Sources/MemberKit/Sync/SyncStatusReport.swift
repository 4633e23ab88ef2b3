import Foundation

/// What `sync status` shows: the folder, each terminal seen, and what is pending here.
public struct SyncStatusReport: Sendable, Equatable, Codable {
    public var folder: String
    public var terminalId: String
    public var terminalName: String
    /// Members changed here and not yet in a file.
    public var pending: Int
    package var writtenThrough: Int64
    public var lastSnapshotAt: Double?
    public var terminals: [SyncTerminalRecord]
    public var badFiles: [SyncFileRecord]
    /// Why this desk stopped writing (a duplicate terminal id, a restored backup), if it did.
    public var stopped: String?
    public var retired: [SyncRetiredDesk] = []
    /// SUN reads found, after a merge, to have been accepted at two desks: replays that got in
    /// while the desks had not synced (newest first).
    public var replays: [SecureReplay] = []
    /// Phone cryptograms found, after a merge, to have been read at two desks (newest first).
    public var walletReplays: [WalletReplay] = []
    /// Fields two desks edited before they synced, from the audit record (newest last):
    /// `Mark O'Brien: e-mail edited on Front desk and Back desk; Back desk's kept`.
    public var conflicts: [String] = []
}
