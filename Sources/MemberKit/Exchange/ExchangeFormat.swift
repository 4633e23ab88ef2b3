import Foundation

/// The three member-list formats. The file's extension picks one; `--format` overrides it.
public enum ExchangeFormat: String, Sendable, CaseIterable, Codable {
    /// ClubKit's user list: a JSON array of members.
    case musrl
    /// ClubKit's CSV: its field names as the header, `<null>` for nil.
    case mucsv
    /// CSV for spreadsheets: readable headers, local ISO-8601 times, a BOM, formulas neutralized.
    case csv

    /// Whether the format carries tombstones and unified members, so desks can sync through it.
    /// A spreadsheet holds live members only: a tombstone there would read as a live row.
    var carriesDeletions: Bool { self != .csv }

    /// The format `override` names, else the one `path`'s extension names.
    public init(path: String, override: ExchangeFormat? = nil) throws {
        if let override {
            self = override
            return
        }
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard let format = ExchangeFormat(rawValue: ext) else {
            throw ExchangeError(file: path, message: "cannot tell the format from the extension '.\(ext)': "
                                + "use .musrl, .mucsv or .csv, or give --format")
        }
        self = format
    }
}
