import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// Issue 47 item 5: ids come in with the request, so the same request decides the same change,
/// and a test can write down a whole decision (`CheckInChange` is `Equatable`).
@Suite struct DecisionIdsTests {
    @Test func aTapDecidedTwiceIsTheSameChange() {
        let member = Core.member(visits: 3)
        let first = Admission.decide(Core.subject(member), Core.request())
        let again = Admission.decide(Core.subject(member), Core.request())
        #expect(first == again)
        let enrolled = Admission.decide(Core.subject(nil), Core.request("BB02"))
        #expect(enrolled == Admission.decide(Core.subject(nil), Core.request("BB02")))
    }

    @Test func aCountedVisitIsWrittenDownWhole() {
        let member = Core.member(visits: 3)
        let change = Admission.decide(Core.subject(member), Core.request())
        var counted = member
        counted.numVisits = 4
        counted.timeStampOfLastVisit = Core.t0
        let entry = VisitEvent(eventId: "id-1", memberId: "m1", kind: .entry, time: Core.t0, terminalId: "desk-a", source: "nfc")
        let audit = AuditEntry(entryId: AuditEntry.newId(at: Core.t0, unique: "id-2"), time: Core.t0, deskId: "desk-a", desk: "Front",
                               operator: nil, method: .tap, action: .visit, memberId: "m1", detail: ["pass": "AA01"])
        #expect(change == CheckInChange(outcome: .checkedIn(counted, visitNumber: 4),
                                        write: .visit(memberId: "m1", entry: entry, packOf: nil), audit: audit, lastVisitBefore: 0))
    }

    @Test func anEnrolmentTakesTheNewMembersIdFromTheRequest() {
        let change = Admission.decide(Core.subject(nil), Core.request("BB02"))
        guard case .enrol(let stored, let entry) = change.write else {
            Issue.record("not enrolled: \(change.outcome)")
            return
        }
        #expect(stored.memberId == "id-1" && entry.eventId == "id-2" && entry.memberId == "id-1")
        #expect(change.audit?.entryId == AuditEntry.newId(at: Core.t0, unique: "id-3") && change.audit?.memberId == "id-1")
    }

    @Test func aTapExitTakesItsIdFromTheRequest() {
        let inside = MemberPresence(memberId: "m1", eventId: "e1", time: Core.t0 - 600, inside: true, terminalId: "desk-a")
        var settings = ClubSettings()
        settings.occupancy.tap = .toggle
        let change = Admission.decide(Core.subject(Core.member(), presence: inside), Core.request(settings: settings))
        let exit = VisitEvent(eventId: "id-1", memberId: "m1", kind: .exit, time: Core.t0, terminalId: "desk-a", source: "nfc",
                              exitKind: .tap)
        #expect(change.write == .exit(exit))
        #expect(change.audit?.entryId == AuditEntry.newId(at: Core.t0, unique: "id-2"))
    }

    @Test func staffCheckOutsTakeTheirIdsFromTheCaller() {
        let inside = [MemberPresence(memberId: "m1", eventId: "e1", time: Core.t0 - 60, inside: true, terminalId: "desk-b"),
                      MemberPresence(memberId: "m2", eventId: "e2", time: Core.t0 - 30, inside: true, terminalId: "desk-b")]
        let all = CheckOutAll.decide(inside: inside, at: Core.t0, desk: Core.desk, by: .anonymous(.manual), ids: Core.ids("x"))
        #expect(all.map(\.exit.eventId) == ["x-1", "x-3"])
        #expect(all.map(\.audit.entryId) == [AuditEntry.newId(at: Core.t0, unique: "x-2"), AuditEntry.newId(at: Core.t0, unique: "x-4")])
        #expect(all == CheckOutAll.decide(inside: inside, at: Core.t0, desk: Core.desk, by: .anonymous(.manual), ids: Core.ids("x")))
    }

    /// Closing time's exits keep the ids derived from the visit they close (#45): no source is asked.
    @Test func closingTimesExitsStillDeriveTheirIds() {
        let entry = MemberPresence(memberId: "m1", eventId: "e1", time: Core.t0 - 7200, inside: true, terminalId: "desk-b")
        let closed = ClosingRule.checkOuts(of: [entry], now: Core.t0, settings: OccupancySettings(maxStay: 3600, calendar: Core.utc))
        #expect(closed.count == 1)
        #expect(closed.first?.exit.eventId == VisitEvent.autoExitId(entryId: "e1", time: Core.t0 - 3600))
        #expect(closed.first?.audit.entryId == closed.first?.exit.eventId)
    }

    @Test func aMemberAddedByHandTakesItsIdFromTheCaller() throws {
        let member = try MemberAddition.candidate(pass: NormalizedPass(passId: "CC03"), username: "Cy", fields: [:], status: .active,
                                                  expiresAt: nil, note: nil, plan: PlanChanges(), at: Core.t0, desk: "desk-a",
                                                  ids: Core.ids("m"))
        #expect(member.memberId == "m-1")
        let change = try MemberAddition.decide(member, plan: PlanChanges(), passIsStaffCard: false, facts: MemberPlanFacts(),
                                               by: .anonymous(.manual), at: Core.desk, ids: Core.ids("a"))
        #expect(change.audit.map(\.entryId) == [AuditEntry.newId(at: Core.t0, unique: "a-1")])
    }
}
