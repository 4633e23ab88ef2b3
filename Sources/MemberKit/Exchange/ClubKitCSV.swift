import Foundation

/// ClubKit's .mucsv: its field names as the header, `<null>` for nil, LF line ends and no
/// trailing newline. memberdesk adds one `memberdesk` column (a JSON object) unless `--clubkit`.
/// ClubKit writes values raw; we quote per RFC 4180 when a value needs it, which ClubKit itself cannot read.
struct ClubKitCSV: CSVLayout {
    static let null = "<null>"
    var requiredColumns: [String] { MembershipUser.baseFieldNames }
    var preamble: [UInt8] { [] }
    var trailingNewline: Bool { false }

    func header(subclassFields: [String], clubKit: Bool) -> [String] {
        MembershipUser.baseFieldNames + subclassFields + (clubKit ? [] : [ExchangeMember.extrasKey])
    }

    /// The exporter's hot path: cells straight into the buffer, the extras JSON quoted as it is copied.
    func appendRow(_ member: ExchangeMember, subclassFields: [String], clubKit: Bool, into out: inout [UInt8]) {
        func text(_ value: String?) {
            guard let value else { out.append(contentsOf: Self.null.utf8); return }
            // A real "<null>" is quoted, to tell it from ClubKit's nil (the length first: most values are not).
            RFC4180Writer.appendField(value, to: &out, forceQuotes: value.utf8.count == Self.null.utf8.count && value == Self.null)
        }
        text(member.record.memberId)
        out.append(UInt8(ascii: ","))
        text(member.record.passId)
        out.append(UInt8(ascii: ","))
        text(member.record.username)
        out.append(UInt8(ascii: ","))
        JSONWriter.appendNumber(member.record.timeStampAdded, to: &out)
        out.append(UInt8(ascii: ","))
        JSONWriter.appendInteger(member.record.numVisits, to: &out)
        out.append(UInt8(ascii: ","))
        JSONWriter.appendNumber(member.record.timeStampOfLastVisit, to: &out)
        for name in subclassFields {
            out.append(UInt8(ascii: ","))
            text(CSVFieldText.text(CSVFieldText.field(name, in: member.record.fields)))
        }
        guard !clubKit else { return }
        out.append(UInt8(ascii: ","))
        // The JSON is written already escaped for the quoted field (no buffer per member).
        out.append(UInt8(ascii: "\""))
        MemberExtras.appendJSON(member, fields: CSVFieldText.fieldsWithoutColumns(member.record.fields, columns: subclassFields),
                                csvQuoted: true, into: &out)
        out.append(UInt8(ascii: "\""))
    }

    func member(_ values: [String: (text: String, quoted: Bool)]) throws(FieldError) -> ExchangeMember {
        var object: [String: JSONValue] = [:]
        for (name, value) in values {
            if name == ExchangeMember.extrasKey {
                if !value.text.isEmpty, value.quoted || value.text != Self.null { object[name] = try extras(value.text) }
            } else {
                object[name] = (!value.quoted && value.text == Self.null) ? .null : .string(value.text)
            }
        }
        return try FieldValue.member(from: object)
    }
}
