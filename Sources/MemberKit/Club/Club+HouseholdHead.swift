import Foundation

extension Club {
    /// Staff name a household's head as they know it, by member id or by pass: the changes as typed,
    /// with the head named by its member id (what `updateMember` and `addMember` keep). A name that
    /// is no live member is refused, as the form's household field.
    public func namingHouseholdHead(_ changes: MemberChanges) throws -> MemberChanges {
        guard case .some(.some(let text)) = changes.plan.household else { return changes }
        guard let head = try member(idOrPass: text) else {
            throw PlanEditError(.household, "no member with id or pass '\(text)'")
        }
        var named = changes
        named.plan.household = .some(head.memberId)
        return named
    }
}
