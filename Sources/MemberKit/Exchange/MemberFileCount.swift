/// An exchange file's entries as people count them: live members, and beside them the deletions
/// and unified members that travel too (sync needs those; no person counts them as members).
public struct MemberFileCount: Sendable, Equatable, CustomStringConvertible {
    public var members = 0
    /// Tombstones: members deleted on some desk.
    public var deletions = 0
    /// Members unified into another that held the same pass.
    public var unified = 0
    /// Tallies: what a desk counted of members another desk authors (sync files only).
    package var tallies = 0

    package init(members: Int = 0, deletions: Int = 0, unified: Int = 0, tallies: Int = 0) {
        self.members = members
        self.deletions = deletions
        self.unified = unified
        self.tallies = tallies
    }

    /// What an export of these entries to `file` in `format` says and records.
    public func exportNotice(file: String, format: ExchangeFormat) -> ExportNotice {
        ExportNotice(file: file, exported: description, format: format.rawValue)
    }

    /// Every entry, as sync moves them.
    var total: Int { members + deletions + unified + tallies }

    package mutating func add(_ member: ExchangeMember) {
        if member.isTally {
            tallies += 1
        } else if member.unifiedInto != nil {
            unified += 1
        } else if member.record.isDeleted {
            deletions += 1
        } else {
            members += 1
        }
    }

    /// "8 members", "8 members, 1 deletion", "1 member, 2 deletions, 1 unified".
    public var description: String {
        var parts = [CountText.of(members, "member")]
        if deletions > 0 { parts.append(CountText.of(deletions, "deletion")) }
        if unified > 0 { parts.append("\(unified) unified") }
        if tallies > 0 { parts.append(CountText.of(tallies, "tally", plural: "tallies")) }
        return parts.joined(separator: ", ")
    }
}
