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
