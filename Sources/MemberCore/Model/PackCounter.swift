/// What one desk added to a member's pack and what it used of it. Each number only grows (two
/// G-counters per desk), so merging takes the larger of each: lossless, in any order, any number
/// of times. A pack's balance is the sum of what was added less the sum of what was used, and can
/// fall below zero when two offline desks used its last visit.
package struct PackCounter: Sendable, Hashable, Codable {
    package var added: Int
    package var used: Int

    package init(added: Int = 0, used: Int = 0) {
        self.added = added
        self.used = used
    }

    /// The largest value a desk's counter may hold: what a desk writes and a file brings is kept
    /// below it, so no sum of counters can wrap around.
    package static let maximum = 1_000_000_000

    /// The larger of each number.
    package func merged(with other: PackCounter) -> PackCounter {
        PackCounter(added: max(added, other.added), used: max(used, other.used))
    }

    /// Sum of added less sum of used.
    package static func balance(_ counters: [String: PackCounter]) -> Int {
        counters.values.reduce(0) { $0 + $1.added - $1.used }
    }
}
