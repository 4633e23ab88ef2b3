import Foundation

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
