import Foundation
@_spi(Decisions) import MemberCore
import Testing

/// `MemberFreeze`: holds put on and ended early, merged, refused in the past, and the expiry
/// moved by the days they add or give back (`plans.freeze_extends_expiry`).
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
        member.holds = holds
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
        #expect(after.holds == [MemberHold(from: Self.day("2026-12-20"), until: Self.day("2027-01-02"), reason: "holiday")])
        #expect(Self.expiry(after) == "2027-02-14")  // 14 days held
        #expect(after.stamp(of: "holds").time == Self.noon && after.stamp(of: "expiresAt").time == Self.noon)
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
        #expect(overlapping.holds == [MemberHold(from: Self.day("2026-12-20"), until: Self.day("2027-01-03"), reason: "holiday; injury")])
        #expect(Self.expiry(overlapping) == "2027-02-15")  // 3 more days
        let touching = try Self.frozen(overlapping, "2027-01-04", "2027-01-05")
        #expect(touching.holds.count == 1 && touching.holds[0].until == Self.day("2027-01-05"))
        let apart = try Self.frozen(touching, "2027-03-01", "2027-03-07")
        #expect(apart.holds.count == 2)
        // The same freeze again adds nothing.
        let again = try Self.frozen(apart, "2027-03-01", "2027-03-07")
        #expect(again.holds == apart.holds && again.expiresAt == apart.expiresAt)
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
        let held = Self.member(holds: [MemberHold(from: Self.day("2026-12-01"), until: Self.day("2026-12-20")),
                                       MemberHold(from: Self.day("2027-03-01"), until: Self.day("2027-03-07"))])
        func unfrozen(_ member: MemberRecord, starting: String? = nil) throws -> (MemberRecord, [String: String]) {
            let change = try MemberFreeze.unfreeze(member, memberId: "m1", starting: starting.map(Self.day), Self.context())
            guard case .update(let after)? = change.writes.first else { throw DeskError.invalidInput("no write") }
            #expect(change.audit.map(\.action) == [.unfreeze])
            return (after, change.audit[0].detail)
        }
        let (early, detail) = try unfrozen(held)
        #expect(early.holds[0] == MemberHold(from: Self.day("2026-12-01"), until: Self.day("2026-12-09")))
        #expect(detail["ended"] == "2026-12-09")
        #expect(Self.expiry(early) == "2027-01-20")  // 11 days given back
        let (cancelled, _) = try unfrozen(early)
        #expect(cancelled.holds.count == 1 && Self.expiry(cancelled) == "2027-01-13")  // the March week given back too
        let (chosen, chosenDetail) = try unfrozen(held, starting: "2027-03-01")
        #expect(chosen.holds.count == 1 && chosenDetail["ended"] == "cancelled")
        #expect(throws: DeskError.self) { _ = try unfrozen(Self.member()) }
        #expect(throws: DeskError.self) { _ = try unfrozen(held, starting: "2027-04-01") }
    }

    @Test func holdsMergeInAnyOrderToTheSameHolds() {
        let holds = [("2026-12-01", "2026-12-05", "a"), ("2026-12-06", "2026-12-08", "b"), ("2026-12-04", "2026-12-10", "a"),
                     ("2027-01-01", "2027-01-01", nil)].map { MemberHold(from: Self.day($0.0), until: Self.day($0.1), reason: $0.2) }
        let merged = MemberHold.merged(holds)
        #expect(merged == [MemberHold(from: Self.day("2026-12-01"), until: Self.day("2026-12-10"), reason: "a; b"),
                           MemberHold(from: Self.day("2027-01-01"), until: Self.day("2027-01-01"))])
        #expect(MemberHold.merged(holds.reversed()).map(\.until) == merged.map(\.until))
        #expect(MemberHold.merged(merged) == merged)
    }
}
