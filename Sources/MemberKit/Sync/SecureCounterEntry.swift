/// What one desk accepted of one SUN tag: the highest read counter, and the last few counters it
/// accepted. The club's register for a tag is the maximum over every desk's entry (a grow-only
/// register: merged by maximum, in any order, any number of times). The recent counters let a
/// desk see, once files have travelled, that two desks accepted the same read: a replay that got
/// in while they had not synced.
package struct SecureCounterEntry: Sendable, Equatable, Codable {
    package var uid: String
    package var terminalId: String
    package var counter: UInt32
    /// Ascending, at most `recentKept`, all ≤ `counter`.
    package var recent: [UInt32]

    static let recentKept = 8

    package init(uid: String, terminalId: String, counter: UInt32, recent: [UInt32]) {
        self.uid = uid
        self.terminalId = terminalId
        self.counter = counter
        self.recent = Self.kept(recent)
    }

    /// Both desks' knowledge of the same (tag, desk): the larger counter, the largest recent ones.
    /// Commutative, associative and idempotent, so files may come late, twice or out of order.
    package func merged(with other: SecureCounterEntry) -> SecureCounterEntry {
        SecureCounterEntry(uid: uid, terminalId: terminalId, counter: max(counter, other.counter), recent: recent + other.recent)
    }

    /// This desk accepted `read` too.
    package func adding(_ read: UInt32) -> SecureCounterEntry {
        SecureCounterEntry(uid: uid, terminalId: terminalId, counter: max(counter, read), recent: recent + [read])
    }

    /// Counters both desks accepted: each one a read that was used twice.
    func sharedReads(with other: SecureCounterEntry) -> [UInt32] {
        guard uid == other.uid, terminalId != other.terminalId else { return [] }
        return Set(recent).intersection(other.recent).sorted()
    }

    static func kept(_ counters: [UInt32]) -> [UInt32] {
        Array(Set(counters).sorted().suffix(recentKept))
    }

    /// The stored form of `recent`: "5,6,7".
    var recentText: String { recent.map(String.init).joined(separator: ",") }

    static func recent(parsing text: String) -> [UInt32] {
        text.split(separator: ",").compactMap { UInt32($0) }
    }
}

/// A read found, after a merge, to have been accepted at two desks (or more).
public struct SecureReplay: Sendable, Equatable, Codable {
    public var uid: String
    public var counter: UInt32
    public var terminals: [String]
    public var foundAt: Double

    package init(uid: String, counter: UInt32, terminals: [String], foundAt: Double) {
        self.uid = uid
        self.counter = counter
        self.terminals = terminals
        self.foundAt = foundAt
    }
}
