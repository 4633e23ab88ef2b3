/// A kind of file that rides beside the member files: operators, the audit record, SUN counters
/// and phones' claims. Its pass writes this desk's own (unless `write` is false) and merges the
/// others' that changed (`only`: just these desks' subfolders, or the files inotify named in them).
protocol SideFileKind: SyncFileKind {
    /// Its key in `SyncReadReport.sideFiles`: the file's name, or its family's.
    static var reportKey: String { get }
    static func pass(database: AppDatabase, terminal: TerminalIdentity, folder: SyncFolder, clock: any DeskClock,
                     only: SyncNamedFiles?, write: Bool) throws -> SideFileReport
    /// Whether everything `desk`'s files of this kind hold is held, by this kind's law, in the
    /// keepers' files (`sync status`: a retired desk's subfolder may go only then).
    static func isCarried(_ desk: String, by carried: CarriedSideFiles) throws -> Bool
}

extension SideFileKind {
    /// Its pass, reported under its key with its bad files among the read's errors; a pass that
    /// does not read merges nothing and reports nothing of it.
    static func run(_ sync: inout SyncPass) throws {
        let writes = try sync.writesSideFiles()
        let report = try pass(database: sync.writer.database, terminal: sync.writer.terminal, folder: sync.writer.folder,
                              clock: sync.writer.clock, only: sync.read ? sync.only : [], write: writes)
        guard sync.read else { return }
        sync.readReport.errors += report.errors
        sync.readReport.sideFiles[reportKey] = report
    }
}

/// The side files among `SyncFileKinds.all`, in its order.
enum SideFileKinds {
    static let all: [any SideFileKind.Type] = SyncFileKinds.all.compactMap { $0 as? any SideFileKind.Type }
}
