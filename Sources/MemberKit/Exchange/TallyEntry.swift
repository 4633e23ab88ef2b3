import Foundation

/// A sync file's entry for a member its desk did not author: the memberId and, under the
/// `memberdesk` key, only what that desk counted (its visit counters, its pack counters, its
/// entries and exits) and the member's last visit. No fields and no version stamp: the record
/// travels in its author's files, so 100 desks that each counted a regular do not carry 100
/// copies of the record (about 100 bytes here instead of about 350).
///
///     {"memberId":"…","memberdesk":{"lastVisit":1767258000,"tally":true,"visitCounters":{"<desk>":3}}}
///
/// Only sync folders hold tallies; `memberdesk export` writes full records only (ClubKit cannot
/// read a tally: it has no passId).
enum TallyEntry {
    /// The keys a tally's `memberdesk` object may hold; any other is an error (a tally is
    /// memberdesk's own shape, so an unknown key is a file written by something else).
    static let extrasKeys: Set<String> = ["tally", "lastVisit", "visitCounters", "packCounters", "visitEvents"]

    /// Whether a member object is a tally (its extras say `"tally"`): read by `read`, not as a member.
    static func isTally(_ object: [String: JSONValue]) -> Bool {
        guard case .object(let extras)? = object[ExchangeMember.extrasKey] else { return false }
        return extras["tally"] != nil
    }

    /// Writes a tally (keys in sorted order, as `JSONWriter` writes objects).
    static func append(_ member: ExchangeMember, into out: inout [UInt8]) {
        out.append(contentsOf: "{\"memberId\":".utf8)
        JSONWriter.appendString(member.record.memberId, to: &out)
        out.append(contentsOf: ",\"\(ExchangeMember.extrasKey)\":{".utf8)
        if member.record.timeStampOfLastVisit > 0 {
            out.append(contentsOf: "\"lastVisit\":".utf8)
            JSONWriter.appendNumber(member.record.timeStampOfLastVisit, to: &out)
            out.append(UInt8(ascii: ","))
        }
        if let packs = MemberExtras.planObject(member)["packCounters"] {
            out.append(contentsOf: "\"packCounters\":".utf8)
            JSONWriter.append(packs, to: &out)
            out.append(UInt8(ascii: ","))
        }
        out.append(contentsOf: "\"tally\":true,\"visitCounters\":".utf8)
        JSONWriter.append(.object(member.counters.mapValues(JSONValue.int)), to: &out)
        if !member.events.isEmpty {
            out.append(contentsOf: ",\"visitEvents\":".utf8)
            JSONWriter.append(.array(member.events.map(MemberExtras.eventObject)), to: &out)
        }
        out.append(contentsOf: "}}".utf8)
    }

    /// Reads a tally object. Anything but the shape above (another key, a wrong type, a count no
    /// 64-bit integer holds, a time that is not one) is an error naming what is wrong.
    static func read(_ object: [String: JSONValue]) throws(FieldError) -> ExchangeMember {
        let memberId = try FieldValue.requiredString(object["memberId"], "memberId")
        for key in object.keys.sorted() where key != "memberId" && key != ExchangeMember.extrasKey {
            throw FieldError("tally for \(memberId) holds \(key): a tally holds only memberId and \(ExchangeMember.extrasKey)")
        }
        guard case .object(let extras)? = object[ExchangeMember.extrasKey] else {
            throw FieldError("\(ExchangeMember.extrasKey) must be an object")
        }
        for key in extras.keys.sorted() where !extrasKeys.contains(key) {
            throw FieldError("tally for \(memberId) holds \(key): a tally holds only \(extrasKeys.sorted().joined(separator: ", "))")
        }
        guard extras["tally"] == .bool(true) else { throw FieldError("tally must be true") }
        var lastVisit = 0.0
        if let value = extras["lastVisit"], value != .null {
            lastVisit = try FieldValue.requiredDouble(value, "lastVisit")
            guard lastVisit.isFinite, lastVisit >= 0 else { throw FieldError("lastVisit must be a time") }
        }
        return ExchangeMember.tally(memberId: memberId, lastVisit: lastVisit,
                                    counters: try MemberExtras.visitCounters(extras["visitCounters"]),
                                    packCounters: try MemberExtras.packCounters(extras["packCounters"]),
                                    events: try MemberExtras.visitEvents(extras["visitEvents"], memberId: memberId))
    }
}
