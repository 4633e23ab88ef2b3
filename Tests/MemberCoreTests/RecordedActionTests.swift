import Foundation
import MemberCore
import Testing

/// Actions whose whole change is their audit line (an export, a restore, an import's summary),
/// decided with no database: `Club.record` and `Club.importAudit` only stamp the clock's time and write.
@Suite struct RecordedActionTests {
    static let actor = AuditActor(operator: "Mia", method: .cli)

    @Test func anImportsLineCarriesTheFileAndEveryCount() {
        let notice = ImportNotice(file: "members.csv", new: 2, updated: 1, unchanged: 5, unified: 1, deleted: 3)
        let entry = notice.auditEntry(by: Self.actor, at: Core.desk, time: Core.t0, ids: Core.ids())
        #expect(entry.action == .import && entry.memberId == nil)
        #expect(entry.detail == ["file": "members.csv", "new": "2", "updated": "1", "unchanged": "5", "unified": "1", "deleted": "3"])
        #expect(entry.time == Core.t0 && entry.operator == "Mia" && entry.method == .cli)
        #expect(entry.deskId == "desk-a" && entry.desk == "Front")
    }

    @Test func anExportsLineAndSummaryCarryTheFileTheCountAndTheFormat() {
        let notice = ExportNotice(file: "/tmp/m.mucsv", exported: "8 members, 1 deletion", format: "mucsv")
        let entry = notice.auditEntry(by: Self.actor, at: Core.desk, time: Core.t0, ids: Core.ids())
        #expect(entry.action == .export && entry.memberId == nil && entry.time == Core.t0 && entry.operator == "Mia")
        #expect(entry.detail == ["file": "/tmp/m.mucsv", "exported": "8 members, 1 deletion", "format": "mucsv"])
        #expect(entry.deskId == "desk-a" && entry.desk == "Front")
        #expect(notice.summary == "exported 8 members, 1 deletion to /tmp/m.mucsv (mucsv)")
    }

    @Test func anActionsLineIsStampedWithTheDeskItsIdWhenUnnamed() {
        let unnamed = TerminalIdentity(id: "desk-b", name: "")
        let ids = Core.ids()
        let entry = AuditEntry.made(.export, by: .anonymous(.cli), at: unnamed, detail: ["file": "out.csv"], time: Core.t0, ids: ids)
        #expect(entry.action == .export && entry.operator == nil && entry.method == .cli && entry.detail == ["file": "out.csv"])
        #expect(entry.deskId == "desk-b" && entry.desk == "desk-b")
        // A new id each time, ordered by time first (the index's end, not a random page).
        let later = AuditEntry.made(.export, by: .anonymous(.cli), at: unnamed, time: Core.t0 + 1, ids: ids)
        #expect(entry.entryId != later.entryId && entry.entryId < later.entryId)
    }
}
