import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// The one homes of the version stamp, the exit event, the household release, the pack top-up
/// and closing time's check-outs, called with values only.
@Suite struct RecordRulesTests {
    @Test func aNewVersionIsStampedAfterTheOneItReplaces() {
        #expect(VersionStamp.next(after: 100, at: 200) == 200)
        #expect(VersionStamp.next(after: 200, at: 200) == (200.0).nextUp)
        #expect(VersionStamp.next(after: 300, at: 200) == (300.0).nextUp)
        let before = Core.member()
        var member = before
        member.note = "Card bounced"
        member.stamp(changedFrom: before, at: 5, by: "desk-a")
        #expect(member.modifiedAt == (10.0).nextUp && member.modifiedBy == "desk-a")
    }

    /// An edit stamps the fields it changed, each noting the stamp it replaced; the others keep
    /// theirs (so that an edit of another field at another desk is not undone by this one).
    @Test func anEditStampsOnlyTheFieldsItChanged() {
        let before = Core.member()
        var member = before
        member.status = .suspended
        member.fields["other"] = .string("x")
        member.stamp(changedFrom: before, at: 50, by: "desk-b")
        let edited = FieldStamp(time: 50, desk: "desk-b", replaced: before.modifiedAt)
        #expect(member.stamp(of: "status") == edited && member.stamp(of: "f.other") == edited)
        #expect(member.stamp(of: "username") == FieldStamp(time: before.modifiedAt, desk: before.modifiedBy))
        #expect(member.stamp(of: "note") == member.stamp(of: "username"))
        // Unchanged fields are said once (`rest`), not field by field.
        #expect(member.stamps?.edited.keys.sorted() == ["f.other", "status"])
    }

    @Test func anExitIsPlacedStrictlyAfterTheEntryItCloses() {
        let ids = Core.ids()
        let exit = VisitEvent.exit(memberId: "m1", since: 100, at: 100, desk: "desk-a", source: "staff", kind: .staff, eventId: ids.make())
        #expect(exit.kind == .exit && exit.time == (100.0).nextUp && exit.exitKind == .staff && exit.source == "staff")
        let later = VisitEvent.exit(memberId: "m1", since: 100, at: 150, desk: "desk-a", source: "nfc", kind: .tap, eventId: ids.make())
        #expect(later.time == 150 && later.eventId != exit.eventId)
        let given = VisitEvent.exit(memberId: "m1", since: 100, at: 90, desk: "d", source: "auto", kind: .auto, eventId: "x", placed: false)
        #expect(given.time == 90 && given.eventId == "x")
    }

    @Test func deletingAHeadReleasesOnlyItsHouseholdMembers() throws {
        let member = Core.member(plan: .household, household: "head")
        let release = try #require(HouseholdRule.released(member, at: 50, by: "desk-a", calendar: Core.utc))
        #expect(release.member.plan == .open && release.member.household == nil)
        #expect(release.member.modifiedAt == 50 && release.member.modifiedBy == "desk-a")
        #expect(release.edits.contains { $0.detail == ["field": "plan", "before": "household", "after": "open"] })
        #expect(release.edits.contains { $0.detail == ["field": "household", "before": "head", "after": ""] })
        #expect(HouseholdRule.released(Core.member(plan: .pack, household: "head"), at: 50, by: "desk-a", calendar: Core.utc) == nil)
    }

    @Test func aPackEditSetsOrTopsUpTheBalance() {
        let set = PackTopUp(PlanChanges(visits: 4), balance: 10)
        #expect(set.change == -6 && set.added == 0 && set.used == 6 && set.after == 4)
        #expect(set.auditDetail == ["field": "pack", "before": "10", "after": "4"])
        let added = PackTopUp(PlanChanges(addVisits: 5), balance: 2)
        #expect(added.change == 5 && added.added == 5 && added.used == 0 && added.after == 7)
        #expect(PlanChanges(visits: 4).changesPack && PlanChanges(addVisits: 1).changesPack && !PlanChanges(plan: .pack).changesPack)
    }

    @Test func closingTimeChecksOutOnlyTheVisitsItEnded() {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        // Closing at 22:00 UTC; now is 23:00 on 2027-01-15.
        let settings = OccupancySettings(closingMinute: 22 * 60, calendar: utc)
        let day = 1_799_971_200.0  // 2027-01-15 00:00 UTC
        let now = day + 23 * 3600
        let before = MemberPresence(memberId: "m1", eventId: "e1", time: day + 20 * 3600, inside: true, terminalId: "desk-b")
        let after = MemberPresence(memberId: "m2", eventId: "e2", time: day + 22.5 * 3600, inside: true, terminalId: "desk-b")
        let checkOuts = ClosingRule.checkOuts(of: [before, after], now: now, settings: settings)
        #expect(checkOuts.count == 1)
        let checkOut = checkOuts[0]
        #expect(checkOut.exit.memberId == "m1" && checkOut.exit.time == day + 22 * 3600 && checkOut.exit.exitKind == .auto)
        #expect(checkOut.exit.eventId == VisitEvent.autoExitId(entryId: "e1", time: day + 22 * 3600))
        #expect(checkOut.audit.entryId == checkOut.exit.eventId && checkOut.audit.action == .exit && checkOut.audit.method == .auto)
        // Made by the rule for the visit's desk (desk-b's entry), not by the desk that noticed: every desk derives these bytes.
        #expect(checkOut.audit.operator == nil && checkOut.audit.deskId == "desk-b" && checkOut.audit.desk == "closing rule")
        #expect(checkOut.exit.terminalId == "desk-b")
        #expect(checkOut.audit == AuditEntry.automaticExit(checkOut.exit))
    }
}
