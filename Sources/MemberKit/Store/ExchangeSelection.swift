import Foundation
import GRDB

/// Which members (and which of their counters) an exchange file holds. One cursor reads them all
/// (`AppDatabase.readExchangeMembers`), so an export, a changes file and a snapshot carry a member
/// by one rule.
package enum ExchangeSelection: Sendable, Equatable {
    /// Every member with every counter, tombstones included: an export.
    case all
    /// Live members only (no tombstones, no unified members), with or without their counters:
    /// a spreadsheet, a ClubKit file.
    case live(counters: Bool)
    /// The members changed on this terminal after change `after` up to `through`: a changes file.
    /// With `authors`, a member another desk authors goes as a tally (what a tap here changed:
    /// this desk's counters and events), not as its whole record.
    case changed(after: Int64, through: Int64, authors: SyncAuthors? = nil)
    /// What a desk is the author of: a snapshot (see `SyncAuthors`).
    case authored(SyncAuthors)

    /// The values the conditions below name (`:after`, `:through`, `:carried`, `:known`): bound,
    /// not written into the SQL, so that every changes file of a desk runs the same cached
    /// statements (compiling them was a third of a tap's write).
    var arguments: StatementArguments {
        switch self {
        case .all, .live: return [:]
        case .changed(let after, let through, let authors):
            return ["after": after, "through": through, "carried": authors?.carriedJSON ?? "[]", "known": authors?.knownJSON ?? "[]"]
        case .authored(let authors):
            return ["carried": authors.carriedJSON, "known": authors.knownJSON]
        }
    }

    /// The member rows' condition (on `m`, the member table).
    var memberCondition: String {
        switch self {
        case .all: return "1"
        case .live: return "m.deletedAt IS NULL"
        case .changed:
            return "m.memberId IN (SELECT memberId FROM member_change WHERE seq > :after AND seq <= :through)"
        case .authored:
            // Carried: authored by a desk this one carries, or counted (or entered, exited) by one. Foreign (an import,
            // ClubKit, a terminal that never used the folder): carried by every desk that changed it here.
            return """
                m.modifiedBy IN (SELECT value FROM json_each(:carried)) OR \(Self.fieldEditedByCarried)
                OR m.memberId IN (SELECT memberId FROM visit_counter WHERE terminalId IN (SELECT value FROM json_each(:carried)))
                OR m.memberId IN (SELECT memberId FROM visit_event WHERE terminalId IN (SELECT value FROM json_each(:carried)))
                OR m.memberId IN (SELECT memberId FROM pack_counter WHERE terminalId IN (SELECT value FROM json_each(:carried)))
                OR m.memberId IN (SELECT memberId FROM visit_event WHERE \(Self.derivedHere))
                OR (m.memberId IN (SELECT memberId FROM member_change)
                    AND (m.modifiedBy NOT IN (SELECT value FROM json_each(:known))
                         OR EXISTS (SELECT 1 FROM visit_counter v WHERE v.memberId = m.memberId
                                    AND v.terminalId NOT IN (SELECT value FROM json_each(:known)))))
                """
        }
    }

    /// Whose full record the file carries (on `m`; the others go as tallies, see `TallyEntry`), or
    /// nil for every member's: an export. A sync file carries the record of a member authored by a
    /// desk this one carries, and of a foreign member (an import, ClubKit) changed here; another
    /// desk's member travels in that desk's files, and here only as what this desk counted.
    var recordCondition: String? {
        switch self {
        case .all, .live, .changed(_, _, nil): return nil
        case .changed, .authored:
            // A snapshot carries too a member whose latest edit is another desk's but one of whose
            // fields a desk this one carries edited last: that edit may be in no other desk's files.
            let stamped = if case .authored = self { " OR \(Self.fieldEditedByCarried)" } else { "" }
            return """
                m.modifiedBy IN (SELECT value FROM json_each(:carried))\(stamped)
                OR (m.modifiedBy NOT IN (SELECT value FROM json_each(:known))
                    AND m.memberId IN (SELECT memberId FROM member_change))
                """
        }
    }

    /// A member one of whose field stamps (`FieldStampsJSON`: `{"*": [time, desk, …], "plan": […]}`)
    /// names a desk this one carries.
    static let fieldEditedByCarried = """
        (json_valid(m.stamps) AND EXISTS (SELECT 1 FROM json_each(m.stamps) s
            WHERE json_extract(s.value, '$[1]') IN (SELECT value FROM json_each(:carried))))
        """

    /// The desks whose counters and events a tally carries (see `SyncAuthors.countedHere`).
    var tallyAuthors: SyncAuthors? {
        switch self {
        case .all, .live: return nil
        case .changed(_, _, let authors): return authors
        case .authored(let authors): return authors
        }
    }

    /// The counter rows' condition (on `visit_counter`), or nil for no counters at all.
    var counterCondition: String? {
        switch self {
        case .all: return "1"
        case .live(let counters): return counters ? "1" : nil
        case .changed:
            return "memberId IN (SELECT memberId FROM member_change WHERE seq > :after AND seq <= :through)"
        case .authored:
            // Other active desks' counters travel in their own snapshots.
            return "terminalId IN (SELECT value FROM json_each(:carried)) OR terminalId NOT IN (SELECT value FROM json_each(:known))"
        }
    }

    /// An automatic exit this desk derived (recorded here: it has a `seq`), whoever's visit it closes.
    static let derivedHere = "(exitKind = 'auto' AND seq IS NOT NULL)"

    /// The entry and exit rows' condition (on `visit_event`), or nil for none (a spreadsheet, ClubKit).
    var eventCondition: String? {
        switch self {
        case .all: return "1"
        case .live: return nil
        case .changed:
            // Only those recorded here in the range: the older ones went out in earlier files.
            return "memberId IN (SELECT memberId FROM member_change WHERE seq > :after AND seq <= :through) AND seq > :after AND seq <= :through"
        case .authored:
            // Like counters: another active desk's entries and exits travel in its own snapshot.
            // An automatic exit this desk derived (it has a `seq`: recorded here) for another desk's
            // visit travels in its snapshot too: the visit's desk may never derive it (a later
            // entry came first there), and the change file that held it may be gone.
            return """
                terminalId IN (SELECT value FROM json_each(:carried)) OR terminalId NOT IN (SELECT value FROM json_each(:known))
                OR \(Self.derivedHere)
                """
        }
    }
}
