import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// `sync reset-id` signs what a desk authored again under its new id, just after the old
/// version: it must win over nothing newer, so no other desk's edit of any field is undone.
@Suite("Reset id and field edits")
struct ResetIdFieldEditTests {
    @Test("an e-mail edited on Back desk survives Front desk's reset-id, read both ways")
    func anotherDesksEditSurvivesAReset() throws {
        let world = try FieldMergePropertyTests.World()
        let mark = world.members[0], ana = world.members[1]
        world.clock.advance(by: 60)
        // Front desk (which made every member) edits Ana's note; Back desk edits both members' e-mail, unseen.
        try world.desks[0].club.updateMember(id: ana, MemberChanges(note: .some("Front's note")))
        world.clock.advance(by: 60)
        for id in [mark, ana] {
            try world.desks[1].club.updateMember(id: id, MemberChanges(fields: ["userEmailAddress": .string("back@example.org")]))
        }
        world.clock.advance(by: 60)
        let report = try world.desks[0].database.resetTerminalId(from: "T1", to: "T1B")
        #expect(report.resigned == 3)
        let front = try SyncTestTerminal(id: "T1B", clock: world.clock, database: world.desks[0].database)
        let back = world.desks[1]
        let (fromFront, fromBack) = (try front.export(), try back.export())
        try front.importBytes(fromBack)
        try back.importBytes(fromFront)
        for desk in [front, back] {
            for id in [mark, ana] {
                #expect(try desk.database.member(id: id)?.fields["userEmailAddress"] == .string("back@example.org"))
            }
            #expect(try desk.database.member(id: ana)?.note == "Front's note")
            #expect(try desk.database.auditEntries(AuditQuery(action: .conflict)).isEmpty)
        }
        #expect(try front.state() == back.state())
    }
}
