import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// A conflict's audit entry is derived from the conflict alone and travels in the audit files of
/// the desks that met it, so a desk that never meets the conflict holds the same entry too.
@Suite("Conflict entries through sync")
struct ConflictAuditSyncTests {
    @Test("a conflict met on two desks only is the same entry on all three after the audit files travel")
    func aConflictReachesTheDeskThatNeverMetIt() throws {
        let world = try FieldMergePropertyTests.World()
        let (front, back, office) = (world.desks[0], world.desks[1], world.desks[2])
        let mark = world.members[0]
        world.clock.advance(by: 60)
        try front.club.updateMember(id: mark, MemberChanges(fields: ["userEmailAddress": .string("front@example.org")]))
        world.clock.advance(by: 60)
        try back.club.updateMember(id: mark, MemberChanges(fields: ["userEmailAddress": .string("back@example.org")]))
        // The office meets both edits; the front desk meets the back desk's kept one through the
        // office's file; the back desk only ever sees its own edit come back: it never meets the conflict.
        let fromBack = try back.export()
        try office.importBytes(fromBack)
        #expect(try office.importBytes(front.export()).conflicts.count == 1)
        let fromOffice = try office.export()
        #expect(try front.importBytes(fromOffice).conflicts.count == 1)
        #expect(try back.importBytes(fromOffice).conflicts.isEmpty)
        #expect(try back.database.auditEntries(AuditQuery(action: .conflict)).isEmpty)
        for _ in 0..<2 { for index in 0..<3 { _ = try world.audit(index).pass() } }
        let conflicts = try world.desks.map { try $0.database.auditEntries(AuditQuery(action: .conflict)) }
        #expect(conflicts[0].count == 1)
        #expect(conflicts[0] == conflicts[1] && conflicts[1] == conflicts[2])
        #expect(conflicts[0].first?.deskId == back.club.terminal.id && conflicts[0].first?.detail["overwrittenDesk"] == front.club.terminal.id)
        let records = try world.desks.map { try $0.database.auditEntries(AuditQuery()) }
        #expect(records[0] == records[1] && records[1] == records[2])
    }
}
