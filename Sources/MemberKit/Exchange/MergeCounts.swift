/// What an import does or would do: counts, and the first changes in detail.
public struct MergeCounts: Sendable, Equatable, Codable {
    public var new = 0, updated = 0, unchanged = 0, unified = 0, deleted = 0
    /// Entry and exit events new here, and events kept out because they lie more than a day ahead.
    package var visitEvents = 0, futureEvents = 0
    /// Members whose household was not taken (it would nest), and packs that went below zero in the merge.
    var householdsRefused = 0, overdrawnPacks = 0
    /// Edits in a spreadsheet the import does not take (each is listed, with why, in the changes).
    public var refused = 0
    /// Fields two desks edited before they synced, as people read them (`FieldConflict.text`).
    public var conflicts: [String] = []
    package init() {}

    package init(new: Int, updated: Int, unchanged: Int, unified: Int, deleted: Int) {
        (self.new, self.updated, self.unchanged, self.unified, self.deleted) = (new, updated, unchanged, unified, deleted)
    }

    /// The counts in the one order every preview and result uses, the desk's dialog and the
    /// CLI alike: what changes first, then what stays.
    var ordered: [(count: Int, word: String)] {
        [(new, "new"), (updated, "updated"), (unified, "unified"), (deleted, "deleted"), (unchanged, "unchanged")]
    }

    /// "2 new, 1 updated, 0 unified, 0 deleted, 5 unchanged" (the dialog joins with " · ").
    /// Refused edits are named only when there are some ("…, 5 unchanged, 1 refused").
    public func summary(separator: String = ", ") -> String {
        (ordered + (refused > 0 ? [(refused, "refused")] : [])).map { "\($0.count) \($0.word)" }.joined(separator: separator)
    }
}

extension ImportNotice {
    public var counts: MergeCounts {
        MergeCounts(new: new, updated: updated, unchanged: unchanged, unified: unified, deleted: deleted)
    }
}
