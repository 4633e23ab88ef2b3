import Foundation
@testable import MemberKit
import Testing

/// The effective status has one rule (`MemberRecord.effectiveStatus(at:)`); the store's SQL filter
/// must pick exactly the members that rule names.
@Suite struct EffectiveStatusTests {
    @Test func ruleSuspendedThenExpiredThenActive() throws {
        let f = try ClubFixture()
        let now = f.clock.now().timeIntervalSince1970
        let expired = try f.club.addMember(passId: "E1", expiresAt: now - 1)
        #expect(expired.effectiveStatus(at: now) == .expired)
        #expect(expired.effectiveStatus(at: now - 2) == .active)
        #expect(try f.club.addMember(passId: "S1", status: .suspended, expiresAt: now - 1).effectiveStatus(at: now) == .suspended)
        #expect(try f.club.addMember(passId: "A1").effectiveStatus(at: now) == .active)
    }

    @Test func storeFilterAgreesWithTheRule() throws {
        let f = try ClubFixture()
        let now = f.clock.now().timeIntervalSince1970
        var index = 0
        for status in MemberStatus.allCases {
            for expiry in [nil, now - 3600, now, now + 3600] as [Double?] {
                index += 1
                try f.club.addMember(passId: "P\(index)", status: status, expiresAt: expiry)
            }
        }
        let all = try f.database.members(limit: 100)
        for status in EffectiveStatus.allCases {
            let filter = EffectiveStatusFilter(status, at: now)
            let expected = Set(all.filter { $0.effectiveStatus(at: now) == status }.map(\.memberId))
            #expect(!expected.isEmpty)
            #expect(Set(try f.database.members(status: filter).map(\.memberId)) == expected, "\(status)")
            #expect(try f.database.memberCount(matching: nil, status: filter) == expected.count)
        }
    }

    /// A household member's status follows its head's expiry (`HouseholdRule.expiresAt`), not the
    /// head's suspension; the SQL filter says the same.
    @Test func aHouseholdFollowsItsHeadsExpiry() throws {
        let f = try ClubFixture()
        let now = f.clock.now().timeIntervalSince1970
        var index = 0
        for headExpiry in [nil, now - 3600, now + 3600] as [Double?] {
            for headStatus in MemberStatus.allCases {
                index += 1
                let head = try f.club.addMember(passId: "H\(index)", status: headStatus, expiresAt: headExpiry)
                for ownExpiry in [nil, now - 60, now + 60] as [Double?] {
                    index += 1
                    try f.club.addMember(passId: "K\(index)", expiresAt: ownExpiry,
                                         plan: PlanChanges(plan: .household, household: .some(head.memberId)))
                }
            }
        }
        let all = try f.database.members(limit: 1000)
        let kids = all.filter { $0.plan == .household }
        #expect(kids.count == 3 * MemberStatus.allCases.count * 3)
        for kid in kids {
            let head = try #require(all.first { $0.memberId == kid.household })
            let expired = [kid.expiresAt, head.expiresAt].contains { $0.map { now > $0 } ?? false }
            #expect(kid.effectiveStatus(at: now) == (expired ? .expired : .active), "\(kid.passId) of \(head.passId)")
        }
        for status in EffectiveStatus.allCases {
            let filter = EffectiveStatusFilter(status, at: now)
            let expected = Set(all.filter { $0.effectiveStatus(at: now) == status }.map(\.memberId))
            #expect(Set(try f.database.members(status: filter, limit: 1000).map(\.memberId)) == expected, "\(status)")
            #expect(try f.database.memberCount(matching: nil, status: filter) == expected.count)
        }
        // The tap is refused for the same reason the listings show.
        let refused = try #require(kids.first { $0.effectiveStatus(at: now) == .expired && $0.expiresAt == nil })
        #expect(try f.club.checkIn(passId: refused.passId, source: .manual).outcome.name == "refused")
    }
}
