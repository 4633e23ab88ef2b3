import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// The check-in decision called directly: what the store is to write for a tap.
@Suite struct AdmissionTests {
    @Test func anActiveMemberIsCountedWithItsEntryPlacedAfterItsLatestEvent() throws {
        let member = Core.member(visits: 3)
        // The member's latest event (an exit) is later than the tap: a clock stepped back.
        let exit = MemberPresence(memberId: "m1", eventId: "e9", time: Core.t0 + 5, inside: false, terminalId: "desk-a")
        let change = Admission.decide(Core.subject(member, presence: exit), Core.request())
        guard case .checkedIn(let counted, let number) = change.outcome,
              case .visit(let memberId, let entry, let packOf) = change.write else {
            Issue.record("not a counted visit: \(change.outcome)")
            return
        }
        #expect(number == 4 && counted.numVisits == 4 && counted.timeStampOfLastVisit == Core.t0)
        #expect(memberId == "m1" && packOf == nil)
        #expect(entry.kind == .entry && entry.time == (Core.t0 + 5).nextUp && entry.terminalId == "desk-a" && entry.source == "nfc")
        #expect(change.audit?.action == .visit && change.audit?.memberId == "m1" && change.audit?.detail == ["pass": "AA01"])
        #expect(change.audit?.desk == "Front" && change.audit?.time == Core.t0)
        #expect(change.lastVisitBefore == 0)
    }

    @Test func aSuspendedMemberIsRefusedWithOnlyTheRefusalRecorded() {
        let change = Admission.decide(Core.subject(Core.member(status: .suspended)), Core.request())
        guard case .refused(_, .suspended) = change.outcome else {
            Issue.record("not refused: \(change.outcome)")
            return
        }
        guard case .nothing = change.write else {
            Issue.record("a refusal wrote \(change.write)")
            return
        }
        // The record says who was turned away and by which rule, as --json and MQTT do.
        #expect(change.audit?.action == .refusal && change.audit?.memberId == "m1")
        #expect(change.audit?.detail == ["pass": "AA01", "reason": "suspended"])
        // A desk that records no check-ins records no refusals either.
        var quiet = Core.request()
        quiet.recordsCheckIns = false
        #expect(Admission.decide(Core.subject(Core.member(status: .suspended)), quiet).audit == nil)
    }

    @Test func anUnknownPassIsEnrolledByPolicyOrAskedAbout() {
        let enrolled = Admission.decide(Core.subject(nil), Core.request("BB02"))
        guard case .enrolled(let member) = enrolled.outcome, case .enrol(let stored, let entry) = enrolled.write else {
            Issue.record("not enrolled: \(enrolled.outcome)")
            return
        }
        #expect(stored.numVisits == 0 && member.numVisits == 1 && member.passId == "BB02")
        #expect(stored.modifiedBy == "desk-a" && stored.modifiedAt == Core.t0 && entry.time == Core.t0)
        #expect(enrolled.audit?.action == .enrol)

        let asked = Admission.decide(Core.subject(nil), Core.request("BB02", mode: .rules(unknown: .ask)))
        guard case .unknownPass("BB02") = asked.outcome, case .nothing = asked.write else {
            Issue.record("not asked: \(asked.outcome)")
            return
        }
    }

    /// Issue 45 item 2: a pass that a member holds but for leading zeros (a spreadsheet's `12` for
    /// `0012`) is never enrolled by policy as a second member: it is answered as unknown, so the
    /// desk can offer it to them. Staff's own yes still enrols it.
    @Test func anUnknownPassANearHolderHoldsIsNotEnrolledByPolicy() {
        var subject = Core.subject(nil)
        subject.nearPassHolders = [Core.member()]
        let tapped = Admission.decide(subject, Core.request("00AA01"))
        guard case .unknownPass("00AA01") = tapped.outcome, case .nothing = tapped.write else {
            Issue.record("a near holder's card was not answered unknown: \(tapped.outcome)")
            return
        }
        #expect(tapped.audit == nil)
        let staffSaidYes = Admission.decide(subject, Core.request("00AA01", mode: .rules(unknown: .enrol(username: "New", fields: [:]))))
        guard case .enrolled = staffSaidYes.outcome else {
            Issue.record("staff's yes did not enrol: \(staffSaidYes.outcome)")
            return
        }
    }

    @Test func aStaffCardIsNeverLookedUpAsAMember() {
        let change = Admission.decide(Core.subject(Core.member(), staffCard: true), Core.request())
        guard case .staffCard("AA01") = change.outcome else {
            Issue.record("not a staff card: \(change.outcome)")
            return
        }
    }

    @Test func aTapOfAMemberInsideAtAnExitDeskIsAnExitAfterItsEntry() {
        var settings = ClubSettings()
        settings.occupancy.tap = .out
        let inside = MemberPresence(memberId: "m1", eventId: "e1", time: Core.t0 - 600, inside: true, terminalId: "desk-b")
        let change = Admission.decide(Core.subject(Core.member(), presence: inside), Core.request(settings: settings))
        guard case .checkedOut(_, let stay) = change.outcome, case .exit(let exit) = change.write else {
            Issue.record("not an exit: \(change.outcome)")
            return
        }
        #expect(stay == 600 && exit.time == Core.t0 && exit.exitKind == .tap && exit.kind == .exit)
        #expect(change.audit?.action == .exit)
    }

    @Test func aReplayedPhonePassIsRefusedBeforeAnyRule() {
        var request = Core.request(source: .wallet)
        request.wallet = (kind: .apple, digest: [1, 2, 3])
        var subject = Core.subject(Core.member())
        subject.walletReplayed = true
        let change = Admission.decide(subject, request)
        guard case .walletRefused(.replay, _) = change.outcome, case .nothing = change.write else {
            Issue.record("not a replay: \(change.outcome)")
            return
        }
        #expect(change.lastVisitBefore == nil)
    }

    @Test func letInAnywayCountsARefusalAndRecordsWhatItOverrode() {
        let change = Admission.decide(Core.subject(Core.member(status: .suspended)), Core.request(mode: .override, source: .manual))
        guard case .checkedIn = change.outcome, case .visit = change.write else {
            Issue.record("not let in: \(change.outcome)")
            return
        }
        #expect(change.audit?.action == .override && change.audit?.detail["refused"] == "suspended")
        // A member no rule refuses is answered as the rules answer: a plain check-in by hand.
        let plain = Admission.decide(Core.subject(Core.member()), Core.request(mode: .override, source: .manual))
        #expect(plain.audit?.action == .manualCheckIn && plain.audit?.detail["refused"] == nil)
    }

    @Test func aFreshSecureReadIsUsedUnlessTheCardIsRefused() {
        var request = Core.request("SUN:04AA")
        request.secure = SecureTap(uid: "04AA", counter: 7)
        var subject = Core.subject(Core.member("SUN:04AA"))
        #expect(Admission.decide(subject, request).secureRead == SecureTap(uid: "04AA", counter: 7))
        subject.lastSecureCounter = 7
        let replay = Admission.decide(subject, request)
        #expect(replay.secureRead == nil)
        guard case .cardRefused(_, .replay) = replay.outcome else {
            Issue.record("not a replay: \(replay.outcome)")
            return
        }
    }
}
