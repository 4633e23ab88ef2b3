import Foundation
import MemberDeskTestSupport
import PropertyBased
import Testing
@testable import MemberKit

/// The merge's laws over random histories on three terminals: each step is a check-in (which
/// enrols unknown cards, so the same card is often enrolled on two terminals independently),
/// a rename, a pass edit, a delete, a pack top-up, or one terminal importing another's export.
/// Packs are used per visit, so every admitted entry of a pack member uses one visit.
@Suite("Merge properties")
struct MergePropertyTests {
    static let passes = ["04000A01", "04000A02", "04000A03", "04000A04", "Card-Q7"]

    final class World {
        let clock: FakeClock
        let terminals: [SyncTestTerminal]
        var checkIns = 0
        var exits = 0
        /// Visits bought (top-ups) and used (admitted entries of a pack member), at every desk.
        var bought = 0
        var used = 0
        let format: ExchangeFormat

        init(format: ExchangeFormat) throws {
            self.format = format
            let clock = FakeClock()
            self.clock = clock
            let settings = ClubSettings(plans: PlanSettings(packUse: .perVisit))
            terminals = try ["T1", "T2", "T3"].map { try SyncTestTerminal(id: $0, clock: clock, settings: settings) }
        }

        /// A world that has replayed `steps`; nil when the generator gave no format.
        static func replaying(_ steps: [Int], _ format: ExchangeFormat?) throws -> World? {
            guard let format else { return nil }
            let world = try World(format: format)
            for code in steps { try world.step(code) }
            return world
        }

        func export(_ index: Int) throws -> [UInt8] { try terminals[index].export(format) }

        func sync(_ from: Int, into to: Int) throws {
            try terminals[to].importBytes(export(from), format)
        }

        /// Runs one step, decoded from a random number.
        func step(_ code: Int) throws {
            clock.advance(by: 61 + Double(code % 7))
            let terminal = terminals[code % 3]
            let pass = PassCase.vary(MergePropertyTests.passes[(code / 3) % MergePropertyTests.passes.count], code)
            if code > 130_000 {
                // Past the exits' range: a pack top-up at a random desk (the member becomes a pack member).
                let visits = 1 + code % 4
                if let member = try terminal.database.member(idOrPass: pass) {
                    try terminal.club.updateMember(id: member.memberId, MemberChanges(plan: PlanChanges(addVisits: visits)))
                    bought += visits
                }
                return
            }
            if code > 100_000 {
                // Codes past the older steps' range are exits at a random desk (a staff check-out:
                // this desk may not know yet of the entry another made).
                if case .checkedOut = try terminal.club.checkOut(passId: pass).outcome { exits += 1 }
                return
            }
            switch (code / 12) % 10 {
            case 0..<5:
                let report = try terminal.club.checkIn(passId: pass, source: .nfc)
                switch report.outcome {
                case .checkedIn, .enrolled:
                    checkIns += 1
                    if report.plan?.visitsLeft != nil { used += 1 }
                default: break
                }
            case 5:
                if let member = try terminal.database.member(idOrPass: pass) {
                    try terminal.club.updateMember(id: member.memberId, MemberChanges(username: .some("name \(code)")))
                }
            case 6:
                // Deletes are rare: they end a member's visit history by design.
                if code % 5 == 0, let member = try terminal.database.member(idOrPass: pass) {
                    try terminal.club.deleteMember(id: member.memberId)
                } else if code % 5 <= 2 {
                    // A pass edit: the member moves to a card no live member holds on this terminal.
                    let other = MergePropertyTests.passes[(code / 7) % MergePropertyTests.passes.count]
                    if other != pass, let member = try terminal.database.member(idOrPass: pass),
                       try terminal.database.member(idOrPass: other) == nil {
                        try terminal.club.updateMember(id: member.memberId, MemberChanges(passId: other))
                    }
                }
            default:
                try sync((code / 120) % 3, into: code % 3)
            }
        }

        func fullSync() throws {
            for _ in 0..<2 {
                for from in 0..<3 { for to in 0..<3 where from != to { try sync(from, into: to) } }
            }
        }

        func totalCounters(_ terminal: SyncTestTerminal) throws -> Int {
            try terminal.database.read { store in try Int.fetchOne(store.db, sql: "SELECT coalesce(sum(count), 0) FROM visit_counter") ?? 0 }
        }
    }

    /// The formats desks sync through: those that carry deletions (a spreadsheet .csv holds live members only).
    static let syncFormats = ExchangeFormat.allCases.filter(\.carriesDeletions)
    static let history = Gen.int(in: 0...145_000).array(of: 4...30)
    static let format = Gen.element(of: syncFormats)

    @Test("import is idempotent, and importing this terminal's own export changes nothing")
    func idempotent() async throws {
        await propertyCheck(count: 60, input: Self.history, Self.format) { steps, format in
            guard let world = try World.replaying(steps, format) else { return }
            let file = try world.export(0)
            let target = world.terminals[1]
            try target.importBytes(file, world.format)
            let once = try target.state()
            #expect(try target.plan(file, world.format).isEmpty)
            try target.importBytes(file, world.format)
            #expect(try target.state() == once)
            let own = try target.export(world.format)
            #expect(try target.plan(own, world.format).isEmpty)
            try target.importBytes(own, world.format)
            #expect(try target.state() == once)
        }
    }

    /// Imports `a` then `b` into one copy of `target`, `b` then `a` into another, and expects
    /// the same state; returns the first copy.
    @discardableResult
    static func importInBothOrders(_ a: [UInt8], _ b: [UInt8], into target: SyncTestTerminal,
                                   _ format: ExchangeFormat) throws -> SyncTestTerminal {
        let first = try target.copy(), second = try target.copy()
        try first.importBytes(a, format)
        try first.importBytes(b, format)
        try second.importBytes(b, format)
        try second.importBytes(a, format)
        #expect(try first.state() == second.state())
        return first
    }

    @Test("import is commutative: A then B gives the same database as B then A")
    func commutative() async throws {
        await propertyCheck(count: 60, input: Self.history, Self.format) { steps, format in
            guard let world = try World.replaying(steps, format) else { return }
            try Self.importInBothOrders(try world.export(0), try world.export(1), into: world.terminals[2], world.format)
        }
    }

    @Test("import is associative: (A + B) + C equals A + (B + C)")
    func associative() async throws {
        await propertyCheck(count: 60, input: Self.history, Self.format) { steps, format in
            guard let world = try World.replaying(steps, format) else { return }
            let (b, c) = (try world.export(1), try world.export(2))
            let bc = try world.terminals[1].copy()
            try bc.importBytes(c, world.format)
            let left = try world.terminals[0].copy(), right = try world.terminals[0].copy()
            try left.importBytes(b, world.format)
            try left.importBytes(c, world.format)
            try right.importBytes(bc.export(world.format), world.format)
            #expect(try left.state() == right.state())
        }
    }

    @Test("no visit is lost: after a full sync every terminal agrees and counts every check-in once")
    func noVisitLost() async throws {
        await propertyCheck(count: 60, input: Self.history, Self.format) { steps, format in
            guard let world = try World.replaying(steps, format) else { return }
            try Self.expectNoVisitLost(world)
        }
    }

    /// After a full sync every terminal agrees, and every check-in is counted once.
    static func expectNoVisitLost(_ world: World) throws {
        try world.fullSync()
        // A spreadsheet CSV does not carry entries and exits (its cells are too small): only the others compare them.
        let events = world.format != .csv
        let states = try world.terminals.map { try $0.state(includingEvents: events) }
        #expect(states[0] == states[1] && states[1] == states[2])
        for terminal in world.terminals {
            #expect(try world.totalCounters(terminal) == world.checkIns)
            // Every entry and exit once; who is inside is the law's answer, and the count matches.
            let inside = try terminal.insideByLaw()
            #expect(inside.law == inside.store && inside.count == inside.lawCount)
            if events {
                #expect(try terminal.eventCount("entry") == world.checkIns)
                #expect(try terminal.eventCount("exit") == world.exits)
                #expect(try terminal.database.visitSpans().count == world.checkIns)
            }
            // Every live member shows the visits of its whole class (itself and those unified into it).
            let live = try terminal.liveMembers()
            // One live holder of each pass, its case aside.
            #expect(Set(live.map { $0.passId.lowercased() }).count == live.count)
            let liveTotal = live.map(\.numVisits).reduce(0, +)
            let deletedOnly = try terminal.database.read { store in
                try Int.fetchOne(store.db, sql: """
                    SELECT coalesce(sum(c.count), 0) FROM visit_counter c
                    WHERE c.memberId IN (SELECT memberId FROM member WHERE deletedAt IS NOT NULL)
                      AND coalesce((SELECT s.deletedAt IS NULL FROM member_alias a JOIN member s ON s.memberId = a.survivorId
                                    WHERE a.memberId = c.memberId), 0) = 0
                    """) ?? 0
            }
            #expect(liveTotal + deletedOnly == world.checkIns)
            // Every top-up and every use counted once: the balances add up to bought less used, exactly.
            let balance = try terminal.database.read { store in
                try Int.fetchOne(store.db, sql: "SELECT coalesce(sum(added - used), 0) FROM pack_counter") ?? 0
            }
            #expect(balance == world.bought - world.used)
            let kept = try terminal.database.read { store in
                try Int.fetchOne(store.db, sql: "SELECT coalesce(sum(balance), 0) FROM pack_balance") ?? 0
            }
            #expect(kept == balance)
        }
    }

    /// Histories the property checks once shrank to: a deletion racing a second enrolment, and a
    /// unified member whose survivor is itself unified later.
    @Test("regressions found by the property checks", arguments: [[67575, 78484, 91904, 22275], [77650, 8663, 43534, 2937]])
    func regressions(steps: [Int]) throws {
        for format in Self.syncFormats {
            let world = try World(format: format)
            for code in steps { try world.step(code) }
            try Self.importInBothOrders(try world.export(0), try world.export(1), into: world.terminals[2], world.format)
        }
    }

    /// Shrunk by "no visit is lost" (it failed about 1 run in 5): a card enrolled on two terminals,
    /// the first member deleted, a sync, the card enrolled again. One terminal treated the new
    /// enrolment as the deleted person; the other as someone new.
    @Test(arguments: MergePropertyTests.syncFormats)
    func noVisitLostRegression(format: ExchangeFormat) throws {
        let world = try World(format: format)
        for code in [67347, 40948, 48795, 98035, 41548] { try world.step(code) }
        try Self.expectNoVisitLost(world)
    }

    /// Shrunk by "import is commutative" once pass edits were generated: a member unified into
    /// another through a card stayed counted in it after the other moved to a new card.
    @Test(arguments: MergePropertyTests.syncFormats)
    func aMemberMovingToANewCardLeavesItsUnifiedMembersBehind(format: ExchangeFormat) throws {
        let clock = FakeClock()
        let (t1, t2, t3) = (try SyncTestTerminal(id: "T1", clock: clock), try SyncTestTerminal(id: "T2", clock: clock),
                            try SyncTestTerminal(id: "T3", clock: clock))
        let x = try t3.club.enrolMember(passId: "04000A01", source: .nfc)
        clock.advance(by: 61)
        let y = try t2.club.enrolMember(passId: "04000A01", source: .nfc)
        clock.advance(by: 61)
        try t3.importBytes(t2.export(format), format)  // y is unified into x on T3
        #expect(try t3.database.member(id: x.memberId)?.numVisits == 2)
        clock.advance(by: 61)
        try t2.club.checkIn(passId: "04000A01", source: .nfc)
        clock.advance(by: 61)
        try t3.club.updateMember(id: x.memberId, MemberChanges(passId: "04000A03"))
        // x has its new card alone; y holds the old one again, with its own visit.
        #expect(try t3.database.member(id: x.memberId)?.numVisits == 1)
        #expect(try t3.database.member(id: y.memberId).map { ($0.isDeleted, $0.numVisits) } ?? (true, 0) == (false, 1))
        clock.advance(by: 61)
        try t1.club.enrolMember(passId: "04000A03", source: .nfc)
        let (a, b) = (try t1.export(format), try t2.export(format))
        let merged = try Self.importInBothOrders(a, b, into: t3, format)
        #expect(try merged.database.member(id: y.memberId)?.numVisits == 2)
    }

    /// A card returned by a member who left, given later to a member added before that: the
    /// member holds it from the edit on, so the old holder's lifetime does not swallow it.
    @Test(arguments: MergePropertyTests.syncFormats)
    func aCardReusedFromADeletedMemberKeepsItsNewHolder(format: ExchangeFormat) throws {
        let clock = FakeClock()
        let (t1, t2) = (try SyncTestTerminal(id: "T1", clock: clock), try SyncTestTerminal(id: "T2", clock: clock))
        let old = try t1.club.enrolMember(passId: "04000B01", source: .nfc)
        clock.advance(by: 61)
        let kept = try t1.club.enrolMember(passId: "04000B02", source: .nfc)
        clock.advance(by: 61)
        try t1.club.deleteMember(id: old.memberId)
        clock.advance(by: 61)
        try t1.club.updateMember(id: kept.memberId, MemberChanges(passId: "04000B01"))
        try t2.importBytes(t1.export(format), format)
        for terminal in [t1, t2] {
            let member = try #require(try terminal.database.member(id: kept.memberId))
            #expect(!member.isDeleted && member.passId == "04000B01" && member.numVisits == 1)
        }
        guard case .checkedIn(let member, _) = try t2.club.checkIn(passId: "04000B01", source: .nfc).outcome else {
            Issue.record("the reused card did not find its new holder")
            return
        }
        #expect(member.memberId == kept.memberId)
    }
}
