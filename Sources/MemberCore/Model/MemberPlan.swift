/// What a member's entry depends on besides its status: open (its own expiry), a pack of visits
/// bought, or another member's household (that member's expiry and pack).
public enum MemberPlan: String, Sendable, Codable, CaseIterable {
    case open, pack, household
}
