import Foundation

/// One terminal's sync: write its pending changes, then merge the others'. The CLI's `sync now`,
/// the watcher and the desks all run passes through this.
public struct DeskSync: Sendable {
    public let writer: SyncWriter
    public let reader: SyncReader

    public init(database: AppDatabase, settings: SyncSettings, terminal: TerminalIdentity, clock: any DeskClock = SystemClock(),
                bus: EventBus? = nil, memberFields: [String] = CustomMembershipUser.variableNamesAsStrings()) {
        writer = SyncWriter(database: database, settings: settings, terminal: terminal, clock: clock, memberFields: memberFields)
        reader = SyncReader(database: database, settings: settings, terminal: terminal, clock: clock, bus: bus)
    }

    public var database: AppDatabase { writer.database }
    public var settings: SyncSettings { writer.settings }

    /// Writes, then reads. Throws only when the folder itself is unusable; bad files are in the report.
    public func pass() throws -> SyncPassReport {
        let written = try writer.write()
        // Operators and the audit record ride beside the member files (see StaffSync).
        let staff = try StaffSync(database: database, terminal: writer.terminal, folder: writer.folder).pass()
        var read = try reader.read()
        read.errors += staff.errors
        return SyncPassReport(folder: writer.folder.path, written: written, read: read,
                              time: writer.clock.now().timeIntervalSince1970)
    }

    public func status() throws -> SyncStatusReport {
        let state = try database.syncWriterState()
        let fresh = state.folder != writer.folder.path
        let after = fresh ? 0 : state.writtenThrough
        return SyncStatusReport(folder: writer.folder.path, terminalId: writer.terminal.id, terminalName: writer.terminal.name,
                                pending: try database.pendingChanges(after: after), writtenThrough: after,
                                lastSnapshotAt: fresh ? nil : state.snapshotAt,
                                terminals: try database.syncTerminals(), badFiles: try database.badSyncFiles())
    }
}
