import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// Staff check-outs and "check out all", decided with no database.
@Suite struct StaffCheckOutTests {
    static let actor = AuditActor(operator: "Mia", method: .manual)

    static func request(_ target: StaffCheckOut.Target = .pass("AA01"), recording: Bool = true) -> StaffCheckOut.Request {
        StaffCheckOut.Request(target: target, source: .manual, now: Date(timeIntervalSince1970: Core.t0), desk: Core.desk,
                              occupancy: OccupancySettings(), actor: actor, ids: Core.ids(), recordsCheckIns: recording)
    }

    static func inside(_ memberId: String = "m1", since: Double = Core.t0 - 600) -> MemberPresence {
        MemberPresence(memberId: memberId, eventId: "e-\(memberId)", time: since, inside: true, terminalId: "desk-b")
    }

    @Test func aMemberInsideGetsAStaffExitAndItsLine() {
        let change = StaffCheckOut.decide(member: Core.member(), presence: Self.inside(), Self.request())
        guard case .checkedOut(let member, let stay) = change.outcome, case .exit(let exit) = change.write else {
            Issue.record("not checked out: \(change.outcome)")
            return
        }
        #expect(member.memberId == "m1" && stay == 600)
        #expect(exit.kind == .exit && exit.exitKind == .staff && exit.time == Core.t0 && exit.source == "manual" && exit.terminalId == "desk-a")
        #expect(change.audit?.action == .exit && change.audit?.operator == "Mia" && change.audit?.detail == ["pass": "AA01"])
        // The bench's switch: no line, the exit all the same.
        #expect(StaffCheckOut.decide(member: Core.member(), presence: Self.inside(), Self.request(recording: false)).audit == nil)
    }

    @Test func anExitIsPlacedAfterAnEntryFromAClockAhead() {
        let change = StaffCheckOut.decide(member: Core.member(), presence: Self.inside(since: Core.t0 + 5), Self.request())
        guard case .exit(let exit) = change.write else {
            Issue.record("no exit: \(change.write)")
            return
        }
        #expect(exit.time == (Core.t0 + 5).nextUp)
    }

    @Test func aMemberNotInsideIsSaidSoWithNothingWritten() {
        let out = MemberPresence(memberId: "m1", eventId: "e1", time: Core.t0 - 60, inside: false, terminalId: "desk-a")
        for presence in [out, nil] {
            let change = StaffCheckOut.decide(member: Core.member(), presence: presence, Self.request())
            guard case .notInside(let member) = change.outcome, case .nothing = change.write else {
                Issue.record("not 'not inside': \(change.outcome)")
                return
            }
            #expect(member.memberId == "m1" && change.audit == nil)
        }
    }

    @Test func noMemberIsAnUnknownPassNamedAsAsked() {
        for target in [StaffCheckOut.Target.pass("ZZ09"), .member(id: "m9")] {
            let change = StaffCheckOut.decide(member: nil, presence: nil, Self.request(target))
            guard case .unknownPass(let text) = change.outcome, case .nothing = change.write else {
                Issue.record("not unknown: \(change.outcome)")
                return
            }
            #expect(text == target.text && change.audit == nil)
        }
    }

    @Test func checkOutAllGivesEveryoneInsideAStaffExitMarkedAll() {
        let checkOuts = CheckOutAll.decide(inside: [Self.inside("m1"), Self.inside("m2", since: Core.t0 + 1)], at: Core.t0,
                                           desk: Core.desk, by: Self.actor, ids: Core.ids())
        #expect(checkOuts.map(\.exit.memberId) == ["m1", "m2"])
        #expect(checkOuts.allSatisfy { $0.exit.exitKind == .staff && $0.exit.source == "staff" && $0.exit.terminalId == "desk-a" })
        #expect(checkOuts[0].exit.time == Core.t0 && checkOuts[1].exit.time == (Core.t0 + 1).nextUp)
        #expect(checkOuts.allSatisfy { $0.audit.action == .exit && $0.audit.detail == ["all": "yes"] && $0.audit.time == Core.t0 })
        #expect(checkOuts.map(\.audit.memberId) == ["m1", "m2"])
        #expect(CheckOutAll.decide(inside: [], at: Core.t0, desk: Core.desk, by: Self.actor, ids: Core.ids()).isEmpty)
    }
}
