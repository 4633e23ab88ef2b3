/// What an export wrote (the file, what it held as people count it, the format): the line the
/// command and the desk's dialog print, and the export's audit line. One home for both, so the
/// CLI and the desk say and record the same.
public struct ExportNotice: Sendable, Equatable {
    package var file: String
    /// What the file holds, as `MemberFileCount` says it ("8 members, 1 deletion").
    package var exported: String
    /// The format's name: musrl, mucsv or csv.
    package var format: String

    package init(file: String, exported: String, format: String) {
        self.file = file
        self.exported = exported
        self.format = format
    }

    /// "exported 8 members to /tmp/m.csv (csv)".
    public var summary: String { "exported \(exported) to \(file) (\(format))" }

    /// The export's one audit line (action `export`, the file, the count and the format as details),
    /// stamped with `desk`, `actor` and `time`. An export changes nothing else, so the line is
    /// written on its own (`Club.record(_:by:)`).
    package func auditEntry(by actor: AuditActor, at desk: TerminalIdentity, time: Double, ids: IdSource) -> AuditEntry {
        AuditEntry.made(.export, by: actor, at: desk, detail: ["file": file, "exported": exported, "format": format], time: time, ids: ids)
    }
}
