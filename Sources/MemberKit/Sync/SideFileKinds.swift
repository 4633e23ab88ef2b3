/// One kind of file each desk keeps in its own subfolder beside the member files: its pass writes
/// this desk's own (unless `write` is false) and merges the others' that changed (`only`: just
/// these desks' subfolders, or the files inotify named in them).
protocol SideFileKind {
    /// Its key in `SyncReadReport.sideFiles`: the file's name, or its family's.
    static var reportKey: String { get }
    static func pass(database: AppDatabase, terminal: TerminalIdentity, folder: SyncFolder, clock: any DeskClock,
                     only: SyncNamedFiles?, write: Bool) throws -> SideFileReport
    /// Whether everything `desk`'s files of this kind hold is held, by this kind's law, in the
    /// keepers' files (`sync status`: a retired desk's subfolder may go only then).
    static func isCarried(_ desk: String, by carried: CarriedSideFiles) throws -> Bool
}

/// The side files, in the order a pass runs them, after the member files (`DeskSync.pass`): a new
/// kind is its codec, its merge (a `SideFileState`, or a pass of its own as the audit files have)
/// and a line here.
enum SideFileKinds {
    static let all: [any SideFileKind.Type] = [StaffState.self, SecureCounterState.self, WalletClaimState.self, AuditFileSync.self]

    /// Every kind's pass, in order, by its report key. Throws only when the folder is unusable.
    static func pass(database: AppDatabase, terminal: TerminalIdentity, folder: SyncFolder, clock: any DeskClock,
                     only: SyncNamedFiles?, write: Bool) throws -> [(key: String, report: SideFileReport)] {
        try folder.checkUsable()
        var reports: [(key: String, report: SideFileReport)] = []
        for kind in all {
            let report = try kind.pass(database: database, terminal: terminal, folder: folder, clock: clock, only: only, write: write)
            reports.append((kind.reportKey, report))
        }
        return reports
    }
}
