import Foundation
import MemberDeskTestSupport
import PropertyBased
import Testing
@testable import MemberKit

/// Field-by-field merge over random histories on three desks: edits of random fields of a few
/// members (name, e-mail, status, note, expiry), suspensions, deletions, and files delivered in
/// any order, repeated and late. After everyone has read everyone, every desk holds the same
/// members; each field holds its latest edit (no edit lost but to a later edit of that field); a
/// deleted member stays deleted; and every conflict reported is a real one: the kept edit was made
/// without its desk having seen the overwritten one.
@Suite("Field merge properties")
struct FieldMergePropertyTests {
    static let fields = ["username", "f.userEmailAddress", "status", "note", "expiresAt"]

    /// One edit of one field, and the edits of that field its desk had seen when it was made.
    struct Edit {
        var id: Int
        var desk: Int
        var time: Double
        var value: String
        var seen: Set<Int>
    }

    final class World {
        let clock: FakeClock
        let desks: [SyncTestTerminal]
        var members: [String] = []
        /// Per member and field, every edit made; per desk, the edits it has merged.
        var edits: [String: [Edit]] = [:]
        var known: [Set<Int>] = [[], [], []]
        var deleted: Set<String> = []
        var purged: Set<String> = []
        /// Exports taken along the way, delivered again later (late and repeated files).
        var sent: [(from: Int, bytes: [UInt8], known: Set<Int>)] = []
        var nextId = 0

        init() throws {
            let clock = FakeClock()
            self.clock = clock
            desks = try ["T1", "T2", "T3"].map { try SyncTestTerminal(id: $0, clock: clock) }
            for index in 0..<3 {
                members.append(try desks[0].club.addMember(passId: "04FF00\(index)0", username: "Member \(index)").memberId)
                clock.advance(by: 1)
            }
            let file = try desks[0].export()
            for desk in desks.dropFirst() { try desk.importBytes(file) }
        }

        func step(_ code: Int) throws {
            clock.advance(by: 1 + Double(code % 5))
            let desk = code % 3
            let memberId = members[(code / 3) % members.count]
            switch (code / 9) % 12 {
            case 0..<7: try edit(desk: desk, memberId: memberId, field: FieldMergePropertyTests.fields[(code / 108) % 5], code: code)
            case 7:
                // Deletions are rare: they end a member's story; an erasure of a deleted member ends its data too.
                if code % 7 == 1, let stored = try desks[desk].database.member(id: memberId), stored.isDeleted, !stored.isPurged {
                    _ = try desks[desk].club.purgeMember(id: memberId)
                    purged.insert(memberId)
                    return
                }
                guard code % 7 == 0, try desks[desk].database.member(id: memberId).map({ !$0.isDeleted }) ?? false else { return }
                _ = try desks[desk].club.deleteMember(id: memberId)
                deleted.insert(memberId)
            case 8..<11: try send(from: (code / 108) % 3, to: desk)
            default:
                guard !sent.isEmpty else { return }
                let late = sent[(code / 108) % sent.count]
                _ = try desks[desk].importBytes(late.bytes)
                known[desk].formUnion(late.known)
            }
        }

        func edit(desk: Int, memberId: String, field: String, code: Int) throws {
            guard try desks[desk].database.member(id: memberId).map({ !$0.isDeleted }) ?? false else { return }
            let text = "v\(code)"
            let changes: MemberChanges
            switch field {
            case "username": changes = MemberChanges(username: .some(text))
            case "f.userEmailAddress": changes = MemberChanges(fields: ["userEmailAddress": .string("\(text)@example.org")])
            case "status": changes = MemberChanges(status: code % 2 == 0 ? .suspended : .active)
            case "note": changes = MemberChanges(note: .some(text))
            default: changes = MemberChanges(expiresAt: .some(Double(1_800_000_000 + code)))
            }
            let before = try #require(try desks[desk].database.member(id: memberId))
            let after = try desks[desk].club.updateMember(id: memberId, changes)
            guard !after.sameValue(of: field, as: before) else { return }  // the same value again is no edit
            let key = memberId + "/" + field
            let seen = Set((edits[key] ?? []).map(\.id)).intersection(known[desk])
            edits[key, default: []].append(Edit(id: nextId, desk: desk, time: after.stamp(of: field).time,
                                                value: after.valueText(of: field), seen: seen))
            known[desk].insert(nextId)
            nextId += 1
        }

        func send(from: Int, to: Int) throws {
            let bytes = try desks[from].export()
            sent.append((from, bytes, known[from]))
            _ = try desks[to].importBytes(bytes)
            known[to].formUnion(known[from])
        }

        func fullSync() throws {
            for _ in 0..<2 { for from in 0..<3 { for to in 0..<3 where from != to { try send(from: from, to: to) } } }
        }
    }

    static let history = Gen.int(in: 0...20_000).array(of: 5...40)

    @Test("every desk ends equal, each field holds its latest edit, and every conflict reported is real")
    func fieldsMergeByLaw() async throws {
        await propertyCheck(count: 80, input: Self.history) { steps in
            let world = try World()
            for code in steps { try world.step(code) }
            try world.fullSync()
            try Self.expectLaws(world)
        }
    }

    static func expectLaws(_ world: World) throws {
        let states = try world.desks.map { try $0.state() }
        #expect(states[0] == states[1] && states[1] == states[2])
        for desk in world.desks {
            for memberId in world.members {
                let member = try #require(try desk.database.member(id: memberId))
                #expect(member.isDeleted == world.deleted.contains(memberId))
                if world.purged.contains(memberId) {
                    // An erasure absorbs every edit, before or after it: no field keeps a value.
                    #expect(member.isPurged && member.username == nil && member.note == nil && member.fields.values.allSatisfy { $0 == .null })
                    continue
                }
                for field in fields {
                    guard let latest = world.edits[memberId + "/" + field]?.max(by: { $0.time < $1.time }) else { continue }
                    #expect(member.valueText(of: field) == latest.value, "\(field) of \(memberId)")
                }
            }
            // Each conflict names two edits of one field, neither made having seen the other.
            let conflicts = try desk.database.auditEntries(AuditQuery(action: .conflict))
            for entry in conflicts where !world.purged.contains(entry.memberId ?? "") {  // an erased member's entries keep no detail
                let memberId = try #require(entry.memberId)
                let field = try #require(fields.first { MemberFieldKey.label($0) == entry.detail["field"] })
                let all = world.edits[memberId + "/" + field] ?? []
                let kept = try #require(all.first { $0.time == entry.time }, "the kept edit of \(field) was made")
                let lost = try #require(all.first { String($0.time) == entry.detail["overwrittenAt"] }, "the lost edit was made")
                #expect(!kept.seen.contains(lost.id) && !lost.seen.contains(kept.id), "a conflict of edits that saw each other")
            }
        }
    }

    /// The story at the level of the merge: a suspension with a note at one desk, an
    /// e-mail edit at the other, read both ways: both edits survive, and no conflict is reported.
    @Test("a suspension at one desk and an e-mail edit at the other both survive")
    func suspensionSurvivesAnUnrelatedEdit() throws {
        let world = try World()
        let mark = world.members[0]
        world.clock.advance(by: 60)
        try world.desks[0].club.updateMember(id: mark, MemberChanges(status: .suspended, note: .some("Card bounced")))
        world.clock.advance(by: 300)
        try world.desks[1].club.updateMember(id: mark, MemberChanges(fields: ["userEmailAddress": .string("mark@new.example")]))
        let (a, b) = (try world.desks[0].export(), try world.desks[1].export())
        try world.desks[0].importBytes(b)
        try world.desks[1].importBytes(a)
        for desk in world.desks.prefix(2) {
            let member = try #require(try desk.database.member(id: mark))
            #expect(member.status == .suspended && member.note == "Card bounced")
            #expect(member.fields["userEmailAddress"] == .string("mark@new.example"))
            #expect(try desk.database.auditEntries(AuditQuery(action: .conflict)).isEmpty)
        }
        #expect(try world.desks[0].state() == world.desks[1].state())
    }

    /// The same field edited on two desks before they synced: the later edit is kept, and both
    /// desks report it as one conflict (one audit entry, the same id) naming the overwritten value.
    @Test("the same field edited on two desks is one conflict, reported alike on both")
    func sameFieldOnTwoDesksIsAConflict() throws {
        let world = try World()
        let mark = world.members[0]
        world.clock.advance(by: 60)
        try world.desks[0].club.updateMember(id: mark, MemberChanges(fields: ["userEmailAddress": .string("front@example.org")]))
        world.clock.advance(by: 60)
        try world.desks[1].club.updateMember(id: mark, MemberChanges(fields: ["userEmailAddress": .string("back@example.org")]))
        let (a, b) = (try world.desks[0].export(), try world.desks[1].export())
        let atFront = try world.desks[0].importBytes(b)
        let atBack = try world.desks[1].importBytes(a)
        #expect(atFront.conflicts == ["Member 0: e-mail edited on desk T1 and desk T2; desk T2's kept"])
        #expect(atBack.conflicts == atFront.conflicts)
        let entries = try world.desks.prefix(2).map { try $0.database.auditEntries(AuditQuery(action: .conflict)) }
        #expect(entries[0].count == 1 && entries[0] == entries[1])
        #expect(entries[0].first?.detail["overwritten"] == "front@example.org")
        // Read again, the files report nothing new: the conflict is recorded once.
        #expect(try world.desks[0].importBytes(b).conflicts.isEmpty)
        // An edit made after seeing the other desk's is no conflict.
        world.clock.advance(by: 60)
        try world.desks[0].club.updateMember(id: mark, MemberChanges(fields: ["userEmailAddress": .string("again@example.org")]))
        #expect(try world.desks[1].importBytes(world.desks[0].export()).conflicts.isEmpty)
    }
}
