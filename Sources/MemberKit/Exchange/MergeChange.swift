/// One member an import adds, changes, deletes or unifies, for the preview.
public struct MergeChange: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case new, updated, deleted, unified }
    public var kind: Kind
    public var memberId: String
    public var name: String
    /// What changed, for people: "visits 3 → 5; username", or "into <memberId>" for a unification.
    public var detail: String
}
