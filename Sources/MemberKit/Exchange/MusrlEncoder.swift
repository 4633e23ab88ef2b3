import Foundation

/// ClubKit's .musrl as its JSONEncoder writes it (compact, `\/`), one member per line so that
/// errors can name a line. The six ClubKit keys always come first, with ClubKit's types.
struct MusrlEncoder: MemberFileEncoder {
    var subclassFields: [String]
    var clubKit: Bool
    /// Stamps as sync format 2 wrote them (see `MemberExporter.formatTwoStamps`).
    var formatTwoStamps = false
    private var count = 0
    private var desks = StampDesks()

    init(subclassFields: [String], clubKit: Bool) {
        self.subclassFields = subclassFields.filter { !MembershipUser.baseFieldNames.contains($0) && $0 != ExchangeMember.extrasKey }
        self.clubKit = clubKit
    }

    mutating func begin(into out: inout [UInt8]) {
        desks = StampDesks()  // a table per file
        out.append(UInt8(ascii: "["))
    }

    mutating func encode(_ member: ExchangeMember, into out: inout [UInt8]) {
        if count > 0 { out.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
        count += 1
        if member.isTally {
            TallyEntry.append(member, into: &out)
            return
        }
        let record = member.record
        func key(_ name: String) {
            out.append(UInt8(ascii: ","))
            JSONWriter.appendString(name, to: &out)
            out.append(UInt8(ascii: ":"))
        }
        out.append(contentsOf: "{\"memberId\":".utf8)
        JSONWriter.appendString(record.memberId, to: &out)
        key("passId")
        JSONWriter.appendString(record.passId, to: &out)
        key("username")
        if let username = record.username { JSONWriter.appendString(username, to: &out) } else { out.append(contentsOf: "null".utf8) }
        key("timeStampAdded")
        JSONWriter.appendNumber(record.timeStampAdded, to: &out)
        key("numVisits")
        out.append(contentsOf: String(record.numVisits).utf8)
        key("timeStampOfLastVisit")
        JSONWriter.appendNumber(record.timeStampOfLastVisit, to: &out)
        for name in subclassFields {
            key(name)
            JSONWriter.append(record.fields[name] ?? .null, to: &out)
        }
        for name in record.fields.keys.sorted() where !subclassFields.contains(name) && !MembershipUser.baseFieldNames.contains(name)
            && name != ExchangeMember.extrasKey {
            key(name)
            JSONWriter.append(record.fields[name]!, to: &out)
        }
        if !clubKit {
            key(ExchangeMember.extrasKey)
            MemberExtras.appendJSON(member, desks: desks, formatTwoStamps: formatTwoStamps, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    mutating func end(into out: inout [UInt8]) { out.append(UInt8(ascii: "]")) }
}
