import Foundation
import MemberDeskTestSupport
@testable import MemberKit
import Testing

/// The form names a household's head as staff know it (member id or pass); the rule names it by
/// member id, or refuses a name that is no live member.
@Suite struct HouseholdHeadNamingTests {
    @Test func aHeadNamedByPassOrIdIsNamedById() throws {
        let f = try PlanFixture(packUse: .perVisit)
        let ben = try f.club.addMember(passId: "BEN-1", username: "Ben", plan: PlanChanges(visits: 10))
        let byPass = try f.club.namingHouseholdHead(MemberChanges(plan: PlanChanges(household: .some("BEN-1"))))
        #expect(byPass.plan.household == .some(ben.memberId))
        let byId = try f.club.namingHouseholdHead(MemberChanges(plan: PlanChanges(household: .some(ben.memberId))))
        #expect(byId.plan.household == .some(ben.memberId))
        // Leaving the household, or no household change at all, passes through as typed.
        #expect(try f.club.namingHouseholdHead(MemberChanges(plan: PlanChanges(household: .some(nil)))).plan.household == .some(nil))
        #expect(try f.club.namingHouseholdHead(MemberChanges(username: .some("Kit"))).plan.household == nil)
    }

    @Test func aNameThatIsNoMemberIsRefusedForTheHouseholdField() throws {
        let f = try PlanFixture(packUse: .perVisit)
        #expect(throws: PlanEditError(.household, "no member with id or pass 'NOBODY'")) {
            try f.club.namingHouseholdHead(MemberChanges(plan: PlanChanges(household: .some("NOBODY"))))
        }
    }
}
