import DeskUI
import Foundation
@_spi(Testing) import MemberKit
import Testing

/// MemberKit's merge plan as the desk's review dialog gets it (as `SyncImportService` does).
struct PlannerImportService: ImportService {
    let database: AppDatabase

    func preview(file: String, by actor: AuditActor) throws -> ImportPreview {
        try ImportPreview(file: file, plan: MergePlanner(database: database).plan(file: file))
    }

    func apply(_ preview: ImportPreview) throws -> ImportNotice {
        try (preview.plan as! MergePlan).apply()
    }
}

/// F6's review names each field an update changes, with its old and new value (an e-mail
/// change as much as a name's), and gives the counts in the CLI's order.
@Test(arguments: screenSizes)
func importPreviewShowsOldAndNew(size: (width: Int, height: Int)) throws {
    let scenario = try Scenario(size: size, members: [("Anna Smith", "P1"), ("Bo", "P2")], importer: { PlannerImportService(database: $0) })
    try scenario.waitFor("Members (2)")
    let anna = try #require(try scenario.database.member(idOrPass: "P1"))
    _ = try scenario.club.updateMember(id: anna.memberId, MemberChanges(fields: ["userEmailAddress": .string("anna@old.example")]))

    // Another desk takes our list, edits Anna, and sends its list back.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let ours = folder.appendingPathComponent("ours.musrl").path, theirs = folder.appendingPathComponent("theirs.musrl").path
    _ = try MemberExporter(database: scenario.database).export(to: ours, format: .musrl)
    let other = try AppDatabase.inMemory()
    let otherClub = Club(database: other, terminal: try other.terminalIdentity(name: "Desk 2"), settings: ClubSettings(), bus: EventBus())
    _ = try MergePlanner(database: other).plan(file: ours).apply()
    _ = try otherClub.updateMember(id: anna.memberId, MemberChanges(username: "Anna Smith-Jones",
                                                                    fields: ["userEmailAddress": .string("anna@new.example")]))
    _ = try MemberExporter(database: other).export(to: theirs, format: .musrl)

    scenario.terminal.press(.function(6))
    try scenario.waitFor("Import members")
    scenario.terminal.type(theirs)
    scenario.terminal.press(.enter)
    try scenario.waitFor("Import review")
    let rows = scenario.dialogRows(titled: "Import review")
    #expect(rows.contains("0 new · 1 updated · 0 unified · 0 deleted · 1 unchanged"))
    #expect(rows.contains("updated  Anna Smith-Jones"))
    #expect(rows.contains(#"name "Anna Smith" → "Anna Smith-Jones""#))
    #expect(rows.contains(#"email "anna@old.example" → "anna@new.example""#))
    #expect(!rows.contains { $0.contains("fields") })
}
