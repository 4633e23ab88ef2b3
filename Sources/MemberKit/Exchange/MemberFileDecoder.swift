import Foundation

/// Reads members one at a time from an exchange file, so that a million-member file streams.
package protocol MemberFileDecoder: AnyObject {
    /// The next member, or nil at the end of the file. Errors are `ExchangeError`s naming the place.
    func next() throws -> ExchangeMember?
    /// How far through the input the decoder is, and the input's size, for progress bars.
    var bytesRead: Int { get }
    var totalBytes: Int? { get }
    /// How another system's spreadsheet maps to members (nil for any other file), once the header is read.
    var sheetMapping: SheetMapping? { get }
    /// Rows of such a spreadsheet repeated word for word, read once.
    var repeatedRows: Int { get }
}

extension MemberFileDecoder {
    package var sheetMapping: SheetMapping? { nil }
    package var repeatedRows: Int { 0 }
}

extension ExchangeFormat {
    /// A decoder for this format reading `path`.
    package func decoder(path: String, sheet: SheetOptions? = nil) throws -> any MemberFileDecoder {
        try decoder(reader: ByteReader(path: path), name: path, sheet: sheet)
    }

    /// A decoder for in-memory bytes (tests and fuzzing); `name` is used in errors.
    package func decoder(bytes: [UInt8], name: String = "input", sheet: SheetOptions? = nil) -> any MemberFileDecoder {
        decoder(reader: ByteReader(bytes: bytes), name: name, sheet: sheet)
    }

    /// `sheet`: how a `.csv` from another system is read (nil: only this layout's own header).
    func decoder(reader: ByteReader, name: String, sheet: SheetOptions? = nil) -> any MemberFileDecoder {
        switch self {
        case .musrl: return MusrlDecoder(reader: reader, name: name)
        case .mucsv: return CSVMemberDecoder(reader: reader, name: name, layout: ClubKitCSV())
        case .csv: return CSVMemberDecoder(reader: reader, name: name, layout: SpreadsheetCSV(), sheet: sheet)
        }
    }
}
