import Foundation

/// A sync file's entry for a member its desk did not author: the memberId (under `tally`) and
/// only what that desk counted: its visit counters, its pack counters, its entries and exits,
/// and the member's last visit. No fields and no version stamp: the record travels in its
/// author's files, so 100 desks that each counted a regular do not carry 100 copies of the
/// record. Flat, beside the records in the file's array, so that it costs about 70 bytes beyond
/// the counters and events an export carries too:
///
///     {"tally":"<memberId>","visitCounters":{"<desk>":3},"visitEvents":[…]}
///
/// `lastVisit` is written only when the latest entry among `visitEvents` does not already say it.
/// A ClubKit member always has a passId, so an object with `tally` and no `passId` is a tally.
/// Only sync folders hold tallies; `memberdesk export` writes full records only.
enum TallyEntry {
    /// The keys a tally may hold; any other is an error (a tally is memberdesk's own shape, so an
    /// unknown key is a file written by something else).
    static let keys: Set<String> = ["tally", "lastVisit", "visitCounters", "packCounters", "visitEvents"]

    /// Whether an object in a member file is a tally rather than a member.
    static func isTally(_ object: [String: JSONValue]) -> Bool {
        object["tally"] != nil && object["passId"] == nil
    }

    /// Writes a tally.
    static func append(_ member: ExchangeMember, into out: inout [UInt8]) {
        out.append(contentsOf: "{\"tally\":".utf8)
        JSONWriter.appendString(member.record.memberId, to: &out)
        let lastVisit = member.record.timeStampOfLastVisit
        if lastVisit > 0, lastVisit != latestEntry(member.events) {
            out.append(contentsOf: ",\"lastVisit\":".utf8)
            JSONWriter.appendNumber(lastVisit, to: &out)
        }
        if let packs = MemberExtras.planObject(member)["packCounters"] {
            out.append(contentsOf: ",\"packCounters\":".utf8)
            JSONWriter.append(packs, to: &out)
        }
        out.append(contentsOf: ",\"visitCounters\":".utf8)
        JSONWriter.append(.object(member.counters.mapValues(JSONValue.int)), to: &out)
        if !member.events.isEmpty {
            out.append(contentsOf: ",\"visitEvents\":".utf8)
            JSONWriter.append(.array(member.events.map(MemberExtras.eventObject)), to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The time of the latest entry (0: none), which a tally's `lastVisit` defaults to.
    static func latestEntry(_ events: [VisitEvent]) -> Double {
        events.reduce(0) { $1.kind == .entry ? max($0, $1.time) : $0 }
    }

    /// Reads a tally object. Anything but the shape above (another key, a wrong type, a count too
    /// large, a time that is not one) is an error naming what is wrong.
    static func read(_ object: [String: JSONValue]) throws(FieldError) -> ExchangeMember {
        let memberId = try FieldValue.requiredString(object["tally"], "tally")
        for key in object.keys.sorted() where !keys.contains(key) {
            throw FieldError("tally of \(memberId) holds \(key): a tally holds only \(keys.sorted().joined(separator: ", "))")
        }
        let events = try MemberExtras.visitEvents(object["visitEvents"], memberId: memberId)
        var lastVisit = latestEntry(events)
        if let value = object["lastVisit"], value != .null {
            lastVisit = try FieldValue.requiredDouble(value, "lastVisit")
            guard lastVisit.isFinite, lastVisit >= 0 else { throw FieldError("lastVisit must be a time") }
        }
        return ExchangeMember.tally(memberId: memberId, lastVisit: lastVisit,
                                    counters: try MemberExtras.visitCounters(object["visitCounters"]),
                                    packCounters: try MemberExtras.packCounters(object["packCounters"]),
                                    events: events)
    }
}
