import Foundation

/// A retired desk as `sync status` and `sync retire` show it: who took over what it authored, how
/// far, and which active desks have not yet read that far (its subfolder may go when none remain).
public struct SyncRetiredDesk: Sendable, Equatable, Codable {
    public var terminalId: String
    public var name: String?
    public var takenOverBy: String
    public var through: Int64
    /// Active desks whose `desk.json` does not yet say they hold the retired desk that far.
    public var waitingFor: [String]
    public var subfolderPresent: Bool
    /// Its side files holding something no active desk's files carry yet (`CarriedSideFiles`).
    public var uncarriedSideFiles: [String] = []
    public var canDeleteSubfolder: Bool { waitingFor.isEmpty && uncarriedSideFiles.isEmpty }
}

/// What `sync retire` did.
public struct SyncRetireReport: Sendable, Equatable, Codable {
    public var retired: SyncRetiredDesk
    /// Members the retired desk authored or counted, now carried by this desk's snapshots.
    public var members: Int
    public var written: SyncWriteReport
}

/// What `sync reset-id` did.
public struct SyncResetReport: Sendable, Equatable, Codable {
    public var oldTerminalId: String
    public var newTerminalId: String
    /// Members this desk had authored under the old id, signed again under the new one.
    public var resigned: Int
}
