import DeskUI
import Foundation
@testable import MemberDeskCLI
@_spi(Testing) @testable import MemberKit
import Testing

/// The front desk's export and import (F5, F6) are in the record under the operator on duty,
/// as the shell's are under `cli:USER`.
@Suite struct DeskExchangeAuditTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("desk-exchange-audit-\(UUID().uuidString)").path

    func club() throws -> Club {
        let database = try AppDatabase.inMemory()
        return Club(database: database, terminal: try database.terminalIdentity(name: "Front"))
    }

    @Test func anExportAtTheDeskIsRecordedUnderTheOperator() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let club = try club()
        try club.addMember(passId: "P1", username: "Anna")
        let service = SyncExportService(club: club, database: club.database, directory: folder)
        _ = try service.export(format: "musrl", to: folder + "/out.musrl", by: AuditActor(operator: "Mia", method: .manual)) { _ in }
        let entries = try club.database.auditEntries(AuditQuery(action: .export))
        #expect(entries.map(\.operator) == ["Mia"])
        #expect(entries.first?.detail["exported"] == "1 member")
        #expect(entries.first?.detail["file"] == folder + "/out.musrl")
    }

    @Test func anImportAtTheDeskIsRecordedUnderTheOperatorWhenMerged() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try club()
        try source.addMember(passId: "P2", username: "Bo")
        try MemberExporter(database: source.database).export(to: folder + "/in.musrl", format: .musrl)
        let club = try club()
        let service = SyncImportService(club: club, database: club.database)
        let preview = try service.preview(file: folder + "/in.musrl", by: AuditActor(operator: "Mia", method: .import))
        #expect(try club.database.auditEntries(AuditQuery(action: .import)).isEmpty, "a preview records nothing")
        _ = try service.apply(preview)
        let entries = try club.database.auditEntries(AuditQuery(action: .import))
        #expect(entries.map(\.operator) == ["Mia"])
        #expect(entries.map(\.method) == [.import])
        #expect(entries.first?.detail["new"] == "1")
    }
}
