import Foundation

/// What one read of the folder did.
public struct SyncReadReport: Sendable, Equatable, Codable {
    /// Files merged, and files skipped because a snapshot or earlier files already covered them.
    public var filesRead = 0
    public var filesCovered = 0
    /// Of the files read, the snapshots: each a desk's whole list.
    package var snapshotsRead = 0
    public var counts = MergeCounts()
    /// Conflict copies Syncthing made (merged too: merging is safe), by path.
    public var conflictCopies: [String] = []
    /// Files found bad this time (each is reported once, until it changes), as one-line errors.
    public var errors: [String] = []
    /// Terminals with files in the folder (this one left out).
    public var terminals = 0
    /// Of those, desks marked retired (taken over by another, as `sync retire` or a takeover in a
    /// `desk.json` records): their files stay, but they write no more.
    public var retiredTerminals = 0

    /// The desks the folder syncs now, this one included: the status bar's `Sync: N desks`.
    public var activeDesks: Int { terminals - retiredTerminals + 1 }
    /// SUN reads this merge found accepted at two desks (replays admitted before the files met).
    public var replaysFound: [SecureReplay] = []
    /// Phone cryptograms this merge found read at two desks.
    public var walletReplaysFound: [WalletReplay] = []

    package init() {}
}
