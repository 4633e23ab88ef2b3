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
}
