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
    /// What each kind of side file did, by its report key (`SideFileKinds`).
    public var sideFiles: [String: SideFileReport] = [:]

    /// SUN reads this merge found accepted at two desks (replays admitted before the files met).
    public var replaysFound: [SecureReplay] { found.compactMap(\.secureReplay) }
    /// Phone cryptograms this merge found read at two desks.
    public var walletReplaysFound: [WalletReplay] { found.compactMap(\.walletReplay) }

    /// Every kind's findings, in the order the kinds run.
    private var found: [SideFileFinding] {
        SideFileKinds.all.flatMap { sideFiles[$0.reportKey]?.found ?? [] }
    }

    package init() {}
}

/// The JSON `sync now --json` prints: the side files' findings under the keys they always had
/// (`replaysFound`, `walletReplaysFound`); what else the side files did is not printed.
extension SyncReadReport {
    private enum CodingKeys: String, CodingKey {
        case filesRead, filesCovered, snapshotsRead, counts, conflictCopies, errors, terminals, retiredTerminals
        case replaysFound, walletReplaysFound
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(filesRead, forKey: .filesRead)
        try container.encode(filesCovered, forKey: .filesCovered)
        try container.encode(snapshotsRead, forKey: .snapshotsRead)
        try container.encode(counts, forKey: .counts)
        try container.encode(conflictCopies, forKey: .conflictCopies)
        try container.encode(errors, forKey: .errors)
        try container.encode(terminals, forKey: .terminals)
        try container.encode(retiredTerminals, forKey: .retiredTerminals)
        try container.encode(replaysFound, forKey: .replaysFound)
        try container.encode(walletReplaysFound, forKey: .walletReplaysFound)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        filesRead = try container.decode(Int.self, forKey: .filesRead)
        filesCovered = try container.decode(Int.self, forKey: .filesCovered)
        snapshotsRead = try container.decode(Int.self, forKey: .snapshotsRead)
        counts = try container.decode(MergeCounts.self, forKey: .counts)
        conflictCopies = try container.decode([String].self, forKey: .conflictCopies)
        errors = try container.decode([String].self, forKey: .errors)
        terminals = try container.decode(Int.self, forKey: .terminals)
        retiredTerminals = try container.decode(Int.self, forKey: .retiredTerminals)
        let secure = try container.decode([SecureReplay].self, forKey: .replaysFound).map(SideFileFinding.secureReplay)
        let wallet = try container.decode([WalletReplay].self, forKey: .walletReplaysFound).map(SideFileFinding.walletReplay)
        if !secure.isEmpty { sideFiles[SecureCounterState.reportKey] = SideFileReport(found: secure) }
        if !wallet.isEmpty { sideFiles[WalletClaimState.reportKey] = SideFileReport(found: wallet) }
    }
}
