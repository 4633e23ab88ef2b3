import Foundation

/// The preview of an import: what applying it would do. ClubKit's didReceiveImported, before
/// merge(importedUsers:): show it, ask, then `apply()`.
public struct MergePlan: Sendable {
    let source: MergeSource
    public let counts: MergeCounts
    /// What the file holds, as people count it: live members, and the deletions beside them.
    public let received: MemberFileCount
    /// The first `changeLimit` changes (new, updated, deleted and unified members), in file order.
    public let changes: [MergeChange]
    public let changesTruncated: Bool
    let applier: MergeApplier
    /// For another system's spreadsheet: which column became what, its first members as they
    /// will be stored, and its rows repeated word for word (read once).
    package var sheetMapping: SheetMapping?
    package var firstRows: [MemberRecord] = []
    package var repeatedRows = 0

    /// True when applying would change nothing.
    public var isEmpty: Bool { counts.new + counts.updated + counts.unified + counts.deleted == 0 }

    /// Applies the import in one transaction and publishes `.imported`. The file is read again,
    /// so the counts are those of the database as it is now.
    @discardableResult
    public func apply(progress: ((Int, Int?) -> Void)? = nil) throws -> ImportNotice {
        try applier.apply(source, progress: progress).notice
    }
}
