import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// `MemberFreeze`: holds put on and ended early, each a record of its own, merged as the door
/// sees them, refused in the past, and the expiry moved by the days they add or give back
/// (`plans.freeze_extends_expiry`, `HoldExtension`).
@Suite struct MemberFreezeTests {
    static let noon = HoldRuleTableTests.noon  // 2026-12-10 12:00 UTC
    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    static func context(extends: Bool = true) -> MemberFreeze.Context {
        MemberFreeze.Context(time: noon, desk: Core.desk, actor: .anonymous(.manual), ids: Core.ids(),
                             plans: PlanSettings(calendar: Core.utc, freezeExtendsExpiry: extends))
    }

    /// Expiring at the end of 2027-01-31 UTC.
    static func member(holds: [MemberHold] = []) -> MemberRecord {
        var member = Core.member()
        member.expiresAt = try! MemberFieldRules.expiry("2027-01-31", calendar: Core.utc)
        member.holdRecords = holds
        return member
    }

    /// Set to expire at the end of `expiry`, then held by `holds` (made after, extending it).
    static func held(expiry: String, _ holds: [(String, String)]) -> MemberRecord {
        var member = Core.member()
        member.expiresAt = try! MemberFieldRules.expiry(expiry, calendar: Core.utc)
        member.holdRecords = holds.enumerated().map {
            MemberHold(id: "h\($0.offset)", from: day($0.element.0), until: day($0.element.1), madeAt: noon - 100, extendsExpiry: true)
        }
        member.settleExpiry(calendar: Core.utc)
        return member
    }

    static func frozen(_ member: MemberRecord, _ from: String, _ until: String, reason: String? = nil,
                       extends: Bool = true) throws -> MemberRecord {
        let change = try MemberFreeze.freeze(member, MemberFreeze.Request(memberId: member.memberId, from: day(from), until: day(until),
                                                                            reason: reason), context(extends: extends))
        guard case .update(let after)? = change.writes.first else { throw DeskError.invalidInput("no write") }
        return after
    }

    static func expiry(_ member: MemberRecord) -> String { MemberFieldRules.expiryText(member.expiresAt, calendar: Core.utc) }

    @Test func aFreezeHoldsItsDaysAndMovesTheExpiryOutByThem() throws {
        let member = Self.member()
        let change = try MemberFreeze.freeze(member, MemberFreeze.Request(memberId: "m1", from: Self.day("2026-12-20"),
                                                                          until: Self.day("2027-01-02"), reason: "holiday"),
                                             Self.context())
        guard case .update(let after)? = change.writes.first else { Issue.record("no write"); return }
        #expect(after.holds.map(\.text) == ["2026-12-20..2027-01-02 (holiday)"])
        #expect(after.holdRecords.map(\.id) == ["id-1"] && after.holdRecords[0].madeAt == Self.noon && after.holdRecords[0].extendsExpiry)
        #expect(Self.expiry(after) == "2027-02-14")  // 14 days held
        // Only the holds are a new edit: the expiry as set is the same, moved by them.
        #expect(after.stamp(of: "holds").time == Self.noon && after.stamp(of: "expiresAt").time != Self.noon)
        #expect(after.expirySet == member.expiresAt)
        #expect(change.audit.map(\.action) == [.freeze])
        #expect(change.audit.first?.detail == ["from": "2026-12-20", "until": "2027-01-02", "reason": "holiday", "expires": "2027-02-14"])
        #expect(change.events == [.updated(after)])
        // Without the setting the expiry stays.
        #expect(Self.expiry(try Self.frozen(member, "2026-12-20", "2027-01-02", extends: false)) == "2027-01-31")
    }

    @Test func overlappingFreezesAreOneAndExtendOnlyByTheNewDays() throws {
        let first = try Self.frozen(Self.member(), "2026-12-20", "2026-12-31", reason: "holiday")
        #expect(Self.expiry(first) == "2027-02-12")  // 12 days
        let overlapping = try Self.frozen(first, "2026-12-28", "2027-01-03", reason: "injury")
        #expect(overlapping.holds.map(\.text) == ["2026-12-20..2027-01-03 (holiday; injury)"])
        #expect(overlapping.holdRecords.count == 2)
        #expect(Self.expiry(overlapping) == "2027-02-15")  // 3 more days
        let touching = try Self.frozen(overlapping, "2027-01-04", "2027-01-05")
        #expect(touching.holds.count == 1 && touching.holds[0].until == Self.day("2027-01-05"))
        let apart = try Self.frozen(touching, "2027-03-01", "2027-03-07")
        #expect(apart.holds.count == 2)
        // The same freeze again adds no days.
        let again = try Self.frozen(apart, "2027-03-01", "2027-03-07")
        #expect(again.holds.map(\.text) == apart.holds.map(\.text) && again.expiresAt == apart.expiresAt)
    }

    @Test func aFreezeInThePastOrBackwardsOrTooLongIsRefused() {
        let member = Self.member()
        func refused(_ from: String, _ until: String, _ words: String) {
            #expect(throws: DeskError.self) { _ = try Self.frozen(member, from, until) }
            do { _ = try Self.frozen(member, from, until) } catch { #expect("\(error)".contains(words), "\(error)") }
        }
        refused("2026-12-09", "2026-12-20", "starts today or later")
        refused("2026-12-20", "2026-12-19", "ends before it starts")
        refused("2026-12-20", "2027-12-31", "at most a year")
        #expect(throws: DeskError.self) {
            _ = try MemberFreeze.freeze(nil, MemberFreeze.Request(memberId: "gone", from: Self.day("2026-12-20"), until: Self.day("2026-12-21")),
                                        Self.context())
        }
    }

    @Test func unfreezingEndsTodaysHoldYesterdayOrCancelsTheNext() throws {
        // 27 days held move an expiry set to 2027-01-04 out to 2027-01-31.
        let held = Self.held(expiry: "2027-01-04", [("2026-12-01", "2026-12-20"), ("2027-03-01", "2027-03-07")])
        #expect(Self.expiry(held) == "2027-01-31")
        func unfrozen(_ member: MemberRecord, starting: String? = nil) throws -> (MemberRecord, [String: String]) {
            let change = try MemberFreeze.unfreeze(member, memberId: "m1", starting: starting.map(Self.day), Self.context())
            guard case .update(let after)? = change.writes.first else { throw DeskError.invalidInput("no write") }
            #expect(change.audit.map(\.action) == [.unfreeze])
            return (after, change.audit[0].detail)
        }
        let (early, detail) = try unfrozen(held)
        #expect(early.holds[0].text == "2026-12-01..2026-12-09")
        #expect(detail["ended"] == "2026-12-09")
        #expect(Self.expiry(early) == "2027-01-20")  // 11 days given back
        let (cancelled, _) = try unfrozen(early)
        #expect(cancelled.holds.count == 1 && Self.expiry(cancelled) == "2027-01-13")  // the March week given back too
        #expect(cancelled.holdRecords.count == 2 && !cancelled.holdRecords[1].isLive)  // kept, cancelled: a late file cannot bring it back
        let (chosen, chosenDetail) = try unfrozen(held, starting: "2027-03-01")
        #expect(chosen.holds.count == 1 && chosenDetail["ended"] == "cancelled")
        #expect(throws: DeskError.self) { _ = try unfrozen(Self.member()) }
        #expect(throws: DeskError.self) { _ = try unfrozen(held, starting: "2027-04-01") }
    }

    @Test func holdsMergeInAnyOrderToTheSameHolds() {
        let holds = [("2026-12-01", "2026-12-05", "a"), ("2026-12-06", "2026-12-08", "b"), ("2026-12-04", "2026-12-10", "a"),
                     ("2027-01-01", "2027-01-01", nil)].map { MemberHold(from: Self.day($0.0), until: Self.day($0.1), reason: $0.2) }
        let merged = MemberHold.merged(holds)
        #expect(merged.map(\.text) == ["2026-12-01..2026-12-10 (a; b)", "2027-01-01..2027-01-01"])
        #expect(MemberHold.merged(holds.reversed()).map(\.until) == merged.map(\.until))
        #expect(MemberHold.merged(merged) == merged)
    }

    /// Two desks freeze one member offline, and one of them ends its hold early: joined in any
    /// order and repeated, both freezes stand, the early end stands, and the expiry moves by both.
    @Test func twoDesksFreezesBothStandAndBothMoveTheExpiry() throws {
        let base = Self.member()
        let deskA = try Self.frozen(base, "2026-12-20", "2026-12-26", reason: "holiday")
        var contextB = Self.context()
        contextB.ids = Core.ids("b")
        contextB.desk = TerminalIdentity(id: "desk-b", name: "Back")
        let change = try MemberFreeze.freeze(base, MemberFreeze.Request(memberId: "m1", from: Self.day("2027-02-01"),
                                                                         until: Self.day("2027-02-03"), reason: "exam"), contextB)
        guard case .update(let deskB)? = change.writes.first else { Issue.record("no write"); return }
        let joined = MemberHold.joined(deskA.holdRecords, deskB.holdRecords)
        #expect(joined.map(\.text) == ["2026-12-20..2026-12-26 (holiday)", "2027-02-01..2027-02-03 (exam)"])
        #expect(MemberHold.joined(deskB.holdRecords, deskA.holdRecords) == joined)
        #expect(MemberHold.joined(joined, deskA.holdRecords) == joined)
        var both = deskA
        both.holdRecords = joined
        both.settleExpiry(calendar: Core.utc)
        #expect(Self.expiry(both) == "2027-02-10")  // 7 + 3 days
        // Desk A cancels its hold; desk B's late copy of it does not bring it back.
        let cancelled = try MemberFreeze.unfreeze(both, memberId: "m1", starting: nil, Self.context()).writes
        guard case .update(let ended)? = cancelled.first else { Issue.record("no write"); return }
        let late = MemberHold.joined(ended.holdRecords, joined)
        #expect(late == MemberHold.joined(joined, ended.holdRecords))
        #expect(MemberHold.merged(late).map(\.text) == ["2027-02-01..2027-02-03 (exam)"])
    }

    /// Setting a new expiry starts afresh: holds made before it no longer move it; one made after does.
    @Test func aNewExpirySetAfterAFreezeIsTheExpiry() throws {
        let frozen = try Self.frozen(Self.member(), "2026-12-20", "2026-12-26")
        #expect(Self.expiry(frozen) == "2027-02-07")
        var renewed = frozen
        renewed.expiresAt = try MemberFieldRules.expiry("2027-06-30", calendar: Core.utc)
        renewed.stamp(changedFrom: frozen, at: Self.noon + 60, by: "desk-a")
        renewed.settleExpiry(calendar: Core.utc)
        #expect(Self.expiry(renewed) == "2027-06-30" && renewed.expiryBase == nil)
        var later = Self.context()
        later.time = Self.noon + 120
        let change = try MemberFreeze.freeze(renewed, MemberFreeze.Request(memberId: "m1", from: Self.day("2027-01-10"),
                                                                            until: Self.day("2027-01-11")), later)
        guard case .update(let again)? = change.writes.first else { Issue.record("no write"); return }
        #expect(Self.expiry(again) == "2027-07-02")
    }

    /// Holds across the club's daylight-saving change move the expiry by calendar days, its time of day kept.
    @Test func theExpiryMovesByTheClubsDaysAcrossADaylightSavingChange() throws {
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        var member = Core.member()
        member.expiresAt = try MemberFieldRules.expiry("2027-03-20", calendar: berlin)
        member.holdRecords = [MemberHold(id: "h", from: Self.day("2027-01-01"), until: Self.day("2027-01-14"), madeAt: Self.noon, extendsExpiry: true)]
        member.settleExpiry(calendar: berlin)
        #expect(MemberFieldRules.expiryText(member.expiresAt, calendar: berlin) == "2027-04-03")
        let hour = { (time: Double?) in berlin.component(.hour, from: Date(timeIntervalSince1970: time ?? 0)) }
        #expect(hour(member.expiresAt) == hour(member.expiryBase))
    }
}
