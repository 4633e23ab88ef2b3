import DeskLanguage
import Foundation
import MemberKit

/// The status bar's "Inside 23/80": how many are inside as far as this desk knows, and, when
/// folder sync has not merged other desks' files for a while, how old that knowledge is.
public struct OccupancyCount: Sendable, Equatable {
    /// A healthy sync watcher reads every desk's folder at least once per rescan (30 s by
    /// default) and within a second or so of a file arriving; a count not refreshed from the
    /// folder for four rescans is called old, and the bar says by how much.
    public static let staleAfter: TimeInterval = 120

    /// How many are inside (nil until first counted).
    public var inside: Int?
    /// At most this many (0: no limit).
    public var capacity = 0
    /// When sync last merged the folder (or the desk started, before its first pass); nil when
    /// sync is off, so the count is never called old.
    public var mergedAt: Date?

    public init(inside: Int? = nil, capacity: Int = 0, mergedAt: Date? = nil) {
        self.inside = inside
        self.capacity = capacity
        self.mergedAt = mergedAt
    }

    /// "Inside 23/80", "Inside 23"; "Inside …" before the first count.
    public var text: String {
        guard let inside else { return tr("Inside …") }
        let count = CountText.grouped(inside)
        return capacity > 0 ? tr("Inside %@/%@", count, DeskLanguage.number(capacity)) : tr("Inside %@", count)
    }

    /// How old the count is, once that is more than `staleAfter`; nil while sync keeps it fresh.
    public func age(now: Date) -> TimeInterval? {
        guard let mergedAt else { return nil }
        let age = now.timeIntervalSince(mergedAt)
        return age > Self.staleAfter ? age : nil
    }

    /// "Inside 23/80 (2 min old)": one wording, never shortened (the bar's layout shortens every
    /// part before it leaves any out, and the age matters more than the parts that go first).
    public func barText(now: Date) -> String {
        guard inside != nil, let age = age(now: now) else { return text }
        return tr("%@ (%@ old)", text, ShownDuration.short(seconds: age))
    }
}
