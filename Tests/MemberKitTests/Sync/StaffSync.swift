import Foundation
@testable import MemberKit

/// Operators and the audit record alone: the staff kind's pass (`staff.json`) and the audit
/// files' (`AuditFileSync`), as the tests run them; a desk runs every kind through `SideFileKinds`.
struct StaffSync: Sendable {
    let database: AppDatabase
    let terminal: TerminalIdentity
    let folder: SyncFolder
    /// The desk's clock, for both files' merges and the seen-table.
    let clock: any DeskClock

    struct Report: Sendable, Equatable {
        var staffChanged = 0
        var auditAdded = 0
        var auditWritten = 0
        var errors: [String] = []
    }

    /// Writes this desk's files, then merges the others' (`only`: as `DeskSync.pass` has it). Bad
    /// files are reported once each, never thrown. `write` false: only reads.
    func pass(only: SyncNamedFiles? = nil, write: Bool = true) throws -> Report {
        try folder.checkUsable()
        let staff = try StaffState.pass(database: database, terminal: terminal, folder: folder, clock: clock, only: only, write: write)
        let audit = try AuditFileSync.pass(database: database, terminal: terminal, folder: folder, clock: clock, only: only, write: write)
        return Report(staffChanged: staff.merged, auditAdded: audit.merged, auditWritten: audit.written,
                      errors: audit.errors + staff.errors)
    }
}
