import Foundation
import MemberKit

/// What an import would do, for the review dialog (ClubKit's "Received N users to import").
public struct ImportPreview: Sendable {
    public var file: String
    public var counts: MergeCounts
    /// What the file holds, as people count it: its live members, and the deletions beside them.
    public var received: MemberFileCount
    /// One line per member the import touches, e.g. "new  Ana López (04A1B2C3)".
    public var lines: [String]
    /// Whatever the import service needs to apply the import (the file's plan, not a held transaction).
    public var plan: any Sendable

    public init(file: String, counts: MergeCounts, received: MemberFileCount, lines: [String], plan: any Sendable) {
        self.file = file
        self.counts = counts
        self.received = received
        self.lines = lines
        self.plan = plan
    }

    /// The review of a merge plan, its changes listed as the CLI lists them (`MergeChange.lines`).
    public init(file: String, plan: MergePlan) {
        var lines = plan.changes.flatMap { $0.lines() }
        if plan.changesTruncated { lines.append("…") }
        self.init(file: file, counts: plan.counts, received: plan.received, lines: lines, plan: plan)
    }
}
