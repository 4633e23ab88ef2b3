import Foundation

/// One member as it travels between terminals: the record, its per-terminal visit counters
/// (a G-counter: numVisits is their sum), and, for a member unified into another because both
/// held the same pass, the survivor's memberId. `events` are its entries and exits (all of them
/// in a snapshot or an export, the new ones recorded here in a changes file): a grow-only set.
/// `packCounters` are its pack's (see `PackCounter`).
public struct ExchangeMember: Sendable, Hashable {
    public var record: MemberRecord
    public var counters: [String: Int]
    public var unifiedInto: String?
    public var events: [VisitEvent]
    /// Its pack's per-desk counters (what each desk added and used): merged by max, like `counters`.
    public var packCounters: [String: PackCounter]

    public init(record: MemberRecord, counters: [String: Int], unifiedInto: String? = nil, events: [VisitEvent] = [],
                packCounters: [String: PackCounter] = [:]) {
        self.record = record
        self.counters = counters
        self.unifiedInto = unifiedInto
        self.events = events
        self.packCounters = packCounters
        self.record.numVisits = counters.values.reduce(0, +)
    }

    /// The counter key a plain ClubKit file's numVisits is kept under (merged by max, like any counter).
    public static let clubKitCounter = "clubkit"
    /// The modifier of a plain ClubKit member: it has no modification time, so it never
    /// overwrites a member this terminal already knows.
    public static let clubKitModifier = "clubkit"
    /// The key (.musrl) or column (.mucsv) that carries memberdesk's additions.
    public static let extrasKey = "memberdesk"

    /// A member from a plain ClubKit file, with no memberdesk additions.
    static func clubKit(memberId: String, passId: String, username: String?, timeStampAdded: Double,
                        numVisits: Int, timeStampOfLastVisit: Double, fields: [String: JSONValue]) -> ExchangeMember {
        let record = MemberRecord(memberId: memberId, passId: passId, username: username, timeStampAdded: timeStampAdded,
                                  numVisits: numVisits, timeStampOfLastVisit: timeStampOfLastVisit, fields: fields,
                                  modifiedAt: 0, modifiedBy: clubKitModifier)
        return ExchangeMember(record: record, counters: numVisits > 0 ? [clubKitCounter: numVisits] : [:])
    }
}
