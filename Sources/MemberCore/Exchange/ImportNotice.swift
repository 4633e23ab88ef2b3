/// What an import did (the bus's `imported` event, the import's answer) and its audit line.
public struct ImportNotice: Sendable {
    public var file: String
    public var new: Int, updated: Int, unchanged: Int, unified: Int, deleted: Int
    package init(file: String, new: Int, updated: Int, unchanged: Int, unified: Int, deleted: Int) {
        self.file = file
        self.new = new
        self.updated = updated
        self.unchanged = unchanged
        self.unified = unified
        self.deleted = deleted
    }

    /// The import's one audit line (action `import`, the file and the counts as details), written
    /// in the import's own transaction (`MergeApplier`), stamped with `desk`, `actor` and `time`.
    package func auditEntry(by actor: AuditActor, at desk: TerminalIdentity, time: Double, ids: IdSource) -> AuditEntry {
        AuditEntry.made(.import, by: actor, at: desk, detail: [
            "file": file, "new": "\(new)", "updated": "\(updated)", "unchanged": "\(unchanged)",
            "unified": "\(unified)", "deleted": "\(deleted)",
        ], time: time, ids: ids)
    }
}
