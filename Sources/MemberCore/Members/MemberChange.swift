/// What a member operation (add, edit, delete) writes, as a value. The store writes it in the
/// operation's one transaction, in this order, and nothing else of its own accord; the bus is
/// told `events` after the commit.
package struct MemberChange: Sendable, Equatable {
    package enum Write: Sendable, Equatable {
        /// A new member (its pass must be free: the store's unique index says so).
        case insert(MemberRecord)
        /// Every column of a stored member.
        case update(MemberRecord)
    }

    /// What this desk adds to, or uses of, a member's pack: its two grow-only counters.
    package struct PackCount: Sendable, Equatable {
        package var memberId: String
        package var added: Int
        package var used: Int

        package init(memberId: String, added: Int, used: Int) {
            self.memberId = memberId
            self.added = added
            self.used = used
        }
    }

    /// What the bus is told once the change is committed.
    package enum Event: Sendable, Equatable {
        case created(MemberRecord)
        case updated(MemberRecord)
        case deleted(MemberRecord)

        package var member: MemberRecord {
            switch self {
            case .created(let member), .updated(let member), .deleted(let member): return member
            }
        }
    }

    package var writes: [Write] = []
    /// Nil: the pack's counters are not touched (a top-up that changes nothing still has its audit line).
    package var pack: PackCount?
    /// The record's lines, in the order they are appended (the record lists a commit's lines in that order).
    package var audit: [AuditEntry] = []
    /// Passes whose holders are worked out again after the writes (`PassGroup`): a card that
    /// changed hands may unify its old and new holders. The events' members are then read back
    /// as the group left them.
    package var settledPasses: [String] = []
    package var events: [Event] = []

    package init(writes: [Write] = [], pack: PackCount? = nil, audit: [AuditEntry] = [], settledPasses: [String] = [],
                 events: [Event] = []) {
        self.writes = writes
        self.pack = pack
        self.audit = audit
        self.settledPasses = settledPasses
        self.events = events
    }
}
