import FolderSync
import Foundation
import GRDB
import MemberDeskTestSupport
import PropertyBased
import Testing
@testable import MemberKit

/// Field-by-field merge over random histories on three desks: edits of every field the merge
/// stamps (name, pass, status, note, expiry, plan, household, birthday, alert, waiver, guardian, holds (freezes and their early ends), member-type fields, one
/// of them erased by an unset), pack top-ups, deletions, desks restored from their own earlier
/// backups under a new identity, and files delivered in any order, repeated and late. After
/// everyone has read everyone, every desk holds the same members; each field holds its latest
/// edit (no edit lost but to a later edit of that field, or to a restore that went back past it
/// before it left its desk), but the holds, which hold every hold any edit made, each ended as
/// early as any edit ended it (two desks' freezes both stand); every pack holds what was bought; every conflict reported is a real
/// one (the kept edit was made without its desk having seen the overwritten one); and, once the
/// audit files have travelled, every desk holds the same audit entries, conflicts included. An
/// erased member (`members purge`) keeps no value in any field, whatever edits came before or after.
@Suite("Field merge properties")
struct FieldMergePropertyTests {
    static let fields = ["username", "passId", "f.userEmailAddress", "f.phone", "status", "note", "expiresAt", "plan", "household",
                         "birthday", "alert", "waiver", "guardian", "holds", "deletedAt"]

    /// One edit of one field, and the edits of that field its desk had seen when it was made.
    struct Edit {
        var id: Int
        var desk: Int
        var time: Double
        var value: String
        var seen: Set<Int>
        /// For an edit of the holds: the hold records it left.
        var holds: [MemberHold] = []
    }

    /// A desk's database as it was, with what it had merged then (a backup `memberdesk restore` takes back).
    struct Backup {
        var database: AppDatabase
        var known: Set<Int>
    }

    final class World {
        let clock: FakeClock
        var desks: [SyncTestTerminal]
        /// The folder the audit files travel through (members travel as exports, below).
        let folder: String
        var members: [String] = []
        /// Per member and field, every edit made; per desk, the edits it has merged; the edits a
        /// restore took back before they left their desk (made, so a conflict may name them, but gone).
        var edits: [String: [Edit]] = [:]
        var lost: Set<Int> = []
        var known: [Set<Int>] = [[], [], []]
        /// Pack top-ups (id, member, visits): an edit of the pack's counters, lost only as an edit is.
        var topUps: [(id: Int, desk: Int, memberId: String, visits: Int)] = []
        /// Erasures of deleted members (id, member): lost only as an edit is.
        var purges: [(id: Int, memberId: String)] = []
        var purged: Set<String> { Set(purges.filter { !lost.contains($0.id) }.map(\.memberId)) }
        /// Exports taken along the way, delivered again later (late and repeated files).
        var sent: [(from: Int, bytes: [UInt8], known: Set<Int>)] = []
        var backups: [[Backup]] = [[], [], []]
        var restores = 0
        var nextId = 0
        /// Steps take fractions of a second too, so stamps' times and replaced times are ones a
        /// compact offset may not give back exactly (sync format 3 must keep them to the bit).
        let fractionalTimes: Bool

        init(fractionalTimes: Bool = false) throws {
            self.fractionalTimes = fractionalTimes
            let clock = FakeClock()
            self.clock = clock
            folder = NSTemporaryDirectory() + "memberdesk-field-merge-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            desks = try ["T1", "T2", "T3"].map { try SyncTestTerminal(id: $0, clock: clock) }
            // As a desk's first run stores it: a backup knows its own id.
            for desk in desks { try desk.database.setStoreSetting("terminalId", desk.club.terminal.id) }
            for index in 0..<3 {
                members.append(try desks[0].club.addMember(passId: "04FF00\(index)0", username: "Member \(index)").memberId)
                clock.advance(by: 1)
            }
            let file = try desks[0].export()
            for desk in desks.dropFirst() { try desk.importBytes(file) }
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        func step(_ code: Int) throws {
            clock.advance(by: 1 + Double(code % 5) + (fractionalTimes ? Double(code % 997) / 1000 : 0))
            let desk = code % 3
            let memberId = members[(code / 3) % members.count]
            switch (code / 9) % 16 {
            case 0..<8: try edit(desk: desk, memberId: memberId, code: code / 108)
            case 8:
                // Deletions are rare: they end a member's story; an erasure of a deleted member ends its data too.
                if code % 7 == 1, let stored = try desks[desk].database.member(id: memberId), stored.isDeleted, !stored.isPurged {
                    _ = try desks[desk].club.purgeMember(id: memberId)
                    purges.append((nextId, memberId))
                    known[desk].insert(nextId)
                    nextId += 1
                    return
                }
                guard code % 7 == 0 else { return }
                try change(desk: desk, memberId: memberId) { _ = try $0.deleteMember(id: memberId) }
            case 9..<12: try send(from: (code / 108) % 3, to: desk)
            case 12:
                guard !sent.isEmpty else { return }
                let late = sent[(code / 108) % sent.count]
                _ = try desks[desk].importBytes(late.bytes)
                known[desk].formUnion(late.known)
            case 13: backups[desk].append(Backup(database: try desks[desk].database.inMemoryCopy(), known: known[desk]))
            case 14 where (code / 108) % 2 == 0: try restore(desk, code: code / 216)
            default: try topUp(desk: desk, memberId: memberId, visits: 1 + (code / 108) % 3)
            }
        }

        /// One edit of one field; `code` picks the field and its value (an unset erases e-mail and phone).
        func edit(desk: Int, memberId: String, code: Int) throws {
            let text = "v\(code)"
            let changes: MemberChanges
            switch FieldMergePropertyTests.fields[code % (FieldMergePropertyTests.fields.count - 1)] {
            case "username": changes = MemberChanges(username: .some(text))
            // Passes are each member's own: two members given one pass would be one person (`PassGroup`).
            case "passId": changes = MemberChanges(passId: "04EE\(members.firstIndex(of: memberId) ?? 0)\(code)")
            case "f.userEmailAddress": changes = MemberChanges(fields: ["userEmailAddress": code % 4 == 0 ? .null : .string("\(text)@example.org")])
            case "f.phone": changes = MemberChanges(fields: ["phone": code % 4 == 0 ? .null : .string("+44 \(code)")])
            case "status": changes = MemberChanges(status: code % 2 == 0 ? .suspended : .active)
            case "note": changes = MemberChanges(note: .some(text))
            case "expiresAt": changes = MemberChanges(expiresAt: code % 5 == 0 ? .some(nil) : .some(Double(1_800_000_000 + code)))
            case "plan": changes = MemberChanges(plan: PlanChanges(plan: code % 2 == 0 ? .open : .pack))
            // A household has one head, the first member, who never joins one (no loops to refuse).
            case "household": changes = MemberChanges(plan: PlanChanges(household: memberId == members[0] || code % 3 == 0 ? .some(nil) : .some(members[0])))
            case "holds":
                // A freeze, or an early end of one: an edit of the holds (and of the expiry, which it moves).
                let today = CalendarDay.of(clock.now().timeIntervalSince1970, in: desks[desk].club.settings.plans.calendar)
                if code % 3 == 0 {
                    try change(desk: desk, memberId: memberId) { _ = try $0.unfreezeMember(id: memberId) }
                } else {
                    let from = today.adding(days: code % 20)
                    try change(desk: desk, memberId: memberId) {
                        _ = try $0.freezeMember(id: memberId, from: from, until: from.adding(days: code % 9), reason: code % 2 == 0 ? nil : text)
                    }
                }
                return
            case "alert": changes = MemberChanges(alert: .some(code % 4 == 0 ? nil : "alert \(text)"))
            case "waiver": changes = MemberChanges(waiver: .some(code % 4 == 0 ? nil : CalendarDay(dayNumber: 20_000 + code % 500)))
            case "guardian": changes = MemberChanges(guardian: .some(code % 4 == 0 ? nil : "Guardian \(text)"))
            default:
                let birthday: Birthday? = code % 6 == 0 ? nil : Birthday(year: 1970 + code % 40, month: 1 + code % 12, day: 1 + code % 28)
                changes = MemberChanges(plan: PlanChanges(birthday: .some(birthday)))
            }
            try change(desk: desk, memberId: memberId) { _ = try $0.updateMember(id: memberId, changes) }
        }

        /// A change at one desk of a member it holds, not deleted: every field it changed, of any
        /// member, is an edit (deleting a household's head releases its members: their plan and
        /// household are that desk's edits too). A change the desk refuses (a pass another member
        /// holds, a household's pack) is no edit.
        func change(desk: Int, memberId: String, _ make: (Club) throws -> Void) throws {
            guard let target = try desks[desk].database.member(id: memberId), !target.isDeleted else { return }
            let before = try members.map { try desks[desk].database.member(id: $0) }
            do {
                try make(desks[desk].club)
            } catch is DeskError {
                return
            } catch is PlanEditError {
                return
            }
            for (index, id) in members.enumerated() {
                guard let was = before[index] else { continue }
                let after = try #require(try desks[desk].database.member(id: id))
                for field in FieldMergePropertyTests.fields where !after.sameValue(of: field, as: was) {
                    let key = id + "/" + field
                    let seen = Set((edits[key] ?? []).map(\.id)).intersection(known[desk])
                    edits[key, default: []].append(Edit(id: nextId, desk: desk, time: after.stamp(of: field).time,
                                                        value: after.valueText(of: field), seen: seen,
                                                        holds: field == "holds" ? after.holdRecords : []))
                    known[desk].insert(nextId)
                    nextId += 1
                }
            }
        }

        func topUp(desk: Int, memberId: String, visits: Int) throws {
            var added = false
            try change(desk: desk, memberId: memberId) {
                _ = try $0.updateMember(id: memberId, MemberChanges(plan: PlanChanges(addVisits: visits)))
                added = true
            }
            guard added else { return }
            topUps.append((nextId, desk, memberId, visits))
            known[desk].insert(nextId)
            nextId += 1
        }

        /// Desk `index` restored from one of its backups, as `memberdesk restore` does: a new id;
        /// its audit files written first (the stopped desk's watcher), its members' file maybe
        /// (the disk may have gone): what never left it is lost.
        func restore(_ index: Int, code: Int) throws {
            guard !backups[index].isEmpty else { return }
            _ = try audit(index).pass()
            if code % 2 == 0 { sent.append((index, try desks[index].export(), known[index])) }
            let backup = backups[index][code / 2 % backups[index].count]
            let database = try backup.database.inMemoryCopy()
            restores += 1
            let newId = "T\(index + 1)R\(restores)"
            _ = try database.renewIdentityAfterRestore(replacing: desks[index].club.terminal.id, to: newId)
            desks[index] = try SyncTestTerminal(id: newId, clock: clock, database: database)
            var out = sent.reduce(into: Set<Int>()) { $0.formUnion($1.known) }
            for other in 0..<3 where other != index { out.formUnion(known[other]) }
            known[index] = backup.known
            lost.formUnion(Set(0..<nextId).subtracting(out).subtracting(backup.known))
            topUps.removeAll { lost.contains($0.id) }
        }

        func send(from: Int, to: Int) throws {
            let bytes = try desks[from].export()
            sent.append((from, bytes, known[from]))
            _ = try desks[to].importBytes(bytes)
            known[to].formUnion(known[from])
        }

        func audit(_ index: Int) -> StaffSync {
            StaffSync(database: desks[index].database, terminal: desks[index].club.terminal, folder: SyncFolder(path: folder, files: LocalSyncFolderFiles()), clock: desks[index].club.clock)
        }

        /// Every file ever written read everywhere, then everyone's members and audit files, twice.
        func fullSync() throws {
            for late in sent { for desk in desks { _ = try desk.importBytes(late.bytes) } }
            for _ in 0..<2 { for from in 0..<3 { for to in 0..<3 where from != to { try send(from: from, to: to) } } }
            for _ in 0..<2 { for index in 0..<3 { _ = try audit(index).pass() } }
        }
    }

    static let history = Gen.int(in: 0...200_000).array(of: 5...50)

    /// Shrinking is off: it ran for minutes on a failing history; one is reported at once, with its seed.
    @Test("every desk ends equal, each field holds its latest edit, and every conflict reported is real", .shrinking(false))
    func fieldsMergeByLaw() async throws {
        await propertyCheck(count: 40, input: Self.history) { steps in
            let world = try World(fractionalTimes: true)
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
                if world.purged.contains(memberId) {
                    // An erasure absorbs every edit, before or after it: no field keeps a value.
                    #expect(member.isDeleted && member.isPurged && member.username == nil && member.note == nil
                            && member.fields.values.allSatisfy { $0 == .null })
                    continue
                }
                for field in fields {
                    let latest = world.edits[memberId + "/" + field]?.filter { !world.lost.contains($0.id) }.max(by: { $0.time < $1.time })
                    if field == "deletedAt" { #expect(member.isDeleted == (latest != nil), "deletion of \(memberId)") }
                    guard let latest else { continue }
                    if field == "holds" {
                        // Holds join: every record any kept edit made, each ended as early as any ended it.
                        let kept = world.edits[memberId + "/holds"]?.filter { !world.lost.contains($0.id) } ?? []
                        let joined = kept.reduce([MemberHold]()) { MemberHold.joined($0, $1.holds) }
                        #expect(member.holdRecords == joined, "holds of \(memberId)")
                        continue
                    }
                    #expect(member.valueText(of: field) == latest.value, "\(field) of \(memberId)")
                }
                let bought = world.topUps.filter { $0.memberId == memberId }.map(\.visits).reduce(0, +)
                #expect(try desk.packAdded(memberId) == bought, "visits bought for \(memberId)")
            }
            // Each conflict names two edits of one field, neither made having seen the other.
            let conflicts = try desk.database.auditEntries(AuditQuery(action: .conflict))
            for entry in conflicts where !world.purged.contains(entry.memberId ?? "") {  // an erased member's entries keep no detail
                let memberId = try #require(entry.memberId)
                let field = try #require(fields.first { MemberFieldKey.label($0) == entry.detail["field"] })
                let all = world.edits[memberId + "/" + field] ?? []
                let kept = try #require(all.first { $0.time == entry.time }, "the kept edit of \(field) was made")
                let lost = try #require(all.first { String($0.time) == entry.detail["overwrittenAt"] }, "the lost edit was made: \(entry)")
                #expect(!kept.seen.contains(lost.id) && !lost.seen.contains(kept.id), "a conflict of edits that saw each other")
            }
        }
        // The audit files have travelled: every desk holds the same entries, each conflict once.
        let records = try world.desks.map { try $0.database.auditEntries(AuditQuery()) }
        #expect(records[0] == records[1] && records[1] == records[2])
    }

    /// Issue #45's false conflict and lost household edit: deleting a household's head releases its
    /// members (open, no household: an edit by that desk at that time). An edit of the released
    /// member's plan made elsewhere without seeing the release is a real conflict with it, and the
    /// release is an edit the laws must know (the model once tracked only the deleted member's fields).
    @Test("deleting a household's head is an edit of its members' plan, and a plan edit made without seeing it is a real conflict")
    func headDeletionReleasesItsHousehold() throws {
        let world = try World()
        let (head, member) = (world.members[0], world.members[1])
        world.clock.advance(by: 60)
        try world.change(desk: 0, memberId: member) { _ = try $0.updateMember(id: member, MemberChanges(plan: PlanChanges(household: .some(head)))) }
        try world.send(from: 0, to: 1)
        world.clock.advance(by: 60)
        try world.change(desk: 0, memberId: head) { _ = try $0.deleteMember(id: head) }
        world.clock.advance(by: 60)
        try world.change(desk: 1, memberId: member) { _ = try $0.updateMember(id: member, MemberChanges(plan: PlanChanges(plan: .pack))) }
        try world.fullSync()
        try Self.expectLaws(world)
        for desk in world.desks {
            let released = try #require(try desk.database.member(id: member))
            #expect(released.plan == .pack && released.household == nil)
            let conflicts = try desk.database.auditEntries(AuditQuery(action: .conflict))
            #expect(conflicts.map { $0.detail["field"] } == ["plan"] && conflicts.first?.detail["overwritten"] == "open")
        }
    }

    /// Histories the property once failed on (#45: a head's deletion released its household
    /// unseen by the model), kept as they were found.
    @Test("histories once found failing merge by law")
    func foundHistoriesMergeByLaw() throws {
        let found = [[39784, 24357, 125503, 164337, 48694, 79652, 169432, 116427, 72607, 81014, 82925, 152672, 74736, 58681, 95067,
                      164035, 141213, 71746, 23780, 135622, 160321, 20709, 193412, 1950, 181912, 50328, 18590, 188365, 38498, 174909, 110462]]
        for steps in found {
            let world = try World()
            for code in steps { try world.step(code) }
            try world.fullSync()
            try Self.expectLaws(world)
        }
    }

    /// #45's second cause, a product bug: a merge whose fields, each the latest, made a household
    /// plan with no household was refused in `MergeEngine` (the plan and household as they were
    /// here) but kept the incoming stamps; the next read of the file found a stamp vouching for
    /// another value, took it for a person's edit of the file (`outsideEdits`) and signed it as a
    /// new edit by the reading desk: an edit nobody made, and the latest household edit lost.
    /// Found by the property with fractional step times (about 1 history in 100).
    @Test("a household plan whose household a later edit left merges as its latest edits, and no desk signs an edit nobody made")
    func householdLeftByALaterEditMergesAsItsEdits() throws {
        let steps = [96202, 66883, 67441, 109373, 11135, 176425, 56557, 39757, 47581, 72602, 160076, 159358, 165787, 164686, 129326,
                     121791, 39224, 105838, 72165, 68907, 72885, 35590, 163161, 178294, 102736, 46424, 107202, 51508, 62084, 21318,
                     34150, 158943, 107184, 51275, 21847, 190290]
        let world = try World(fractionalTimes: true)
        for code in steps { try world.step(code) }
        try world.fullSync()
        try Self.expectLaws(world)
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

extension SyncTestTerminal {
    /// The visits bought for a member's pack, over every desk's counter.
    func packAdded(_ memberId: String) throws -> Int {
        try database.read { store in
            try Int.fetchOne(store.db, sql: "SELECT coalesce(sum(added), 0) FROM pack_counter WHERE memberId = ?", arguments: [memberId]) ?? 0
        }
    }
}
