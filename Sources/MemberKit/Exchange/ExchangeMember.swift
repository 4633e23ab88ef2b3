import Foundation

/// One member as it travels between terminals: the record, its per-terminal visit counters
/// (a G-counter: numVisits is their sum), and, for a member unified into another because both
/// held the same pass, the survivor's memberId. `events` are its entries and exits (all of them
/// in a snapshot or an export, the new ones recorded here in a changes file): a grow-only set.
/// `packCounters` are its pack's (see `PackCounter`). A tally (`isTally`) carries no record at
/// all: a desk's counters and events of a member another desk authors (see `TallyEntry`).
package struct ExchangeMember: Sendable, Hashable {
    package var record: MemberRecord
    package var counters: [String: Int]
    var unifiedInto: String?
    package var events: [VisitEvent]
    /// Its pack's per-desk counters (what each desk added and used): merged by max, like `counters`.
    package var packCounters: [String: PackCounter]
    /// Only the counters, pack counters, events and last visit of a member whose record another
    /// desk authors: `record` holds its memberId and `timeStampOfLastVisit`, nothing else to merge.
    package var isTally = false
    /// A row of the spreadsheet `.csv`: what its readable cells said (nil for any other file).
    package var sheetRow: SheetRow?

    /// `keepingNumVisits` keeps the record's numVisits (a stored member's, the class sum for a
    /// survivor) instead of the counters' sum.
    package init(record: MemberRecord, counters: [String: Int], unifiedInto: String? = nil, events: [VisitEvent] = [],
                packCounters: [String: PackCounter] = [:], keepingNumVisits: Bool = false) {
        self.record = record
        self.counters = counters
        self.unifiedInto = unifiedInto
        self.events = events
        self.packCounters = packCounters
        if !keepingNumVisits { self.record.numVisits = Self.total(counters) }
    }

    /// A tally: what one desk counted of a member it did not author, and no record (the record's
    /// other fields are placeholders no merge reads).
    package static func tally(memberId: String, lastVisit: Double, counters: [String: Int], packCounters: [String: PackCounter] = [:],
                             events: [VisitEvent] = []) -> ExchangeMember {
        let record = MemberRecord(memberId: memberId, passId: "", timeStampAdded: 0, timeStampOfLastVisit: lastVisit,
                                  modifiedAt: 0, modifiedBy: "")
        var member = ExchangeMember(record: record, counters: counters, events: events, packCounters: packCounters)
        member.isTally = true
        return member
    }

    /// The counters' sum, held at Int.max: a file may hold counters whose sum no Int holds, and
    /// reading it must not trap (the store's own sum then refuses it as an overflow).
    static func total(_ counters: [String: Int]) -> Int {
        counters.values.reduce(0) { sum, count in
            let (added, overflow) = sum.addingReportingOverflow(count)
            return overflow ? .max : added
        }
    }

    /// The counter key a plain ClubKit file's numVisits is kept under (merged by max, like any counter).
    static let clubKitCounter = "clubkit"
    /// The modifier of a plain ClubKit member: it has no modification time, so it never
    /// overwrites a member this terminal already knows.
    static let clubKitModifier = "clubkit"
    /// The key (.musrl) or column (.mucsv) that carries memberdesk's additions.
    static let extrasKey = "memberdesk"

    /// A member from a plain ClubKit file, with no memberdesk additions.
    static func clubKit(memberId: String, passId: String, username: String?, timeStampAdded: Double,
                        numVisits: Int, timeStampOfLastVisit: Double, fields: [String: JSONValue]) -> ExchangeMember {
        let record = MemberRecord(memberId: memberId, passId: passId, username: username, timeStampAdded: timeStampAdded,
                                  numVisits: numVisits, timeStampOfLastVisit: timeStampOfLastVisit, fields: fields,
                                  modifiedAt: 0, modifiedBy: clubKitModifier)
        return ExchangeMember(record: record, counters: numVisits > 0 ? [clubKitCounter: numVisits] : [:])
    }
}
