import Foundation

/// Writes members into a byte buffer, one at a time (the exporter flushes the buffer as it goes).
protocol MemberFileEncoder {
    mutating func begin(into out: inout [UInt8])
    mutating func encode(_ member: ExchangeMember, into out: inout [UInt8])
    mutating func end(into out: inout [UInt8])
}

extension ExchangeFormat {
    /// An encoder for this format. `subclassFields` are the member type's own fields (after
    /// ClubKit's six); `clubKit` leaves out tombstones' markers and memberdesk's extras.
    func encoder(subclassFields: [String], clubKit: Bool) -> any MemberFileEncoder {
        switch self {
        case .musrl: return MusrlEncoder(subclassFields: subclassFields, clubKit: clubKit)
        case .mucsv: return CSVMemberEncoder(layout: ClubKitCSV(), subclassFields: subclassFields, clubKit: clubKit)
        case .csv: return CSVMemberEncoder(layout: SpreadsheetCSV(), subclassFields: subclassFields, clubKit: clubKit)
        }
    }
}

/// ClubKit's .musrl as its JSONEncoder writes it (compact, `\/`), one member per line so that
/// errors can name a line. The six ClubKit keys always come first, with ClubKit's types.
struct MusrlEncoder: MemberFileEncoder {
    var subclassFields: [String]
    var clubKit: Bool
    private var count = 0

    init(subclassFields: [String], clubKit: Bool) {
        self.subclassFields = subclassFields.filter { !MembershipUser.baseFieldNames.contains($0) && $0 != ExchangeMember.extrasKey }
        self.clubKit = clubKit
    }

    mutating func begin(into out: inout [UInt8]) { out.append(UInt8(ascii: "[")) }

    mutating func encode(_ member: ExchangeMember, into out: inout [UInt8]) {
        if count > 0 { out.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
        count += 1
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
            MemberExtras.appendJSON(member, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    mutating func end(into out: inout [UInt8]) { out.append(UInt8(ascii: "]")) }
}

/// Either CSV flavour: header, then one record per member, LF line ends.
struct CSVMemberEncoder: MemberFileEncoder {
    let layout: any CSVLayout
    let subclassFields: [String]
    let clubKit: Bool
    private var count = 0

    init(layout: any CSVLayout, subclassFields: [String], clubKit: Bool) {
        self.layout = layout
        self.subclassFields = subclassFields.filter { !MembershipUser.baseFieldNames.contains($0) && $0 != ExchangeMember.extrasKey }
        self.clubKit = clubKit
    }

    mutating func begin(into out: inout [UInt8]) {
        out.append(contentsOf: layout.preamble)
        RFC4180Writer.appendRecord(layout.header(subclassFields: subclassFields, clubKit: clubKit), to: &out)
    }

    mutating func encode(_ member: ExchangeMember, into out: inout [UInt8]) {
        count += 1
        out.append(0x0A)
        layout.appendRow(member, subclassFields: subclassFields, clubKit: clubKit, into: &out)
    }

    mutating func end(into out: inout [UInt8]) {
        if layout.trailingNewline { out.append(0x0A) }
    }
}
