/// Whether a member may check in.
public enum MemberStatus: String, Sendable, Codable, CaseIterable {
    case active, suspended
}
