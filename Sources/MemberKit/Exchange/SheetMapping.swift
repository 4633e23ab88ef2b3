import Foundation

/// How the header of another system's member list maps onto the spreadsheet layout: each cell
/// becomes what it holds (`SheetColumn`), a member-type field (`--keep-other-columns`) or nothing,
/// and each row becomes the cells `SpreadsheetCSV` reads, with what the list lacks made: a member
/// id derived from the pass (the same row imported again is the same member), Added as now,
/// Visits 0.
package struct SheetMapping: Sendable {
    package enum Use: Sendable, Equatable {
        case column(SheetColumn)
        case field(String)
        case unused
    }

    package let header: [String]
    package let uses: [Use]
    let options: SheetOptions

    /// The prefix of a member id made from a pass.
    static let derivedIdPrefix = "sheet-"

    init(header: [String], options: SheetOptions) throws(FieldError) {
        var uses = [Use](repeating: .unused, count: header.count)
        var taken: [SheetColumn: Int] = [:]
        for (column, name) in options.columns {
            let exact = header.firstIndex(of: name)
            guard let index = exact ?? header.firstIndex(where: { SheetColumn.key($0) == SheetColumn.key(name) }) else {
                throw FieldError("--columns \(column.rawValue)=\"\(name)\": the header has no such column")
            }
            if let other = taken[column] {
                throw FieldError("--columns names \(column.rawValue) twice (\"\(header[other])\" and \"\(header[index])\")")
            }
            guard uses[index] == .unused else { throw FieldError("--columns gives \"\(header[index])\" two meanings") }
            uses[index] = .column(column)
            taken[column] = index
        }
        let reserved = Set(MembershipUser.baseFieldNames + SpreadsheetCSV.Column.readOnly
                           + [ExchangeMember.extrasKey, SpreadsheetCSV.Column.sync, SpreadsheetCSV.Column.email, ""])
        for (index, cell) in header.enumerated() where uses[index] == .unused {
            if let column = SheetColumn.matching(cell), taken[column] == nil {
                uses[index] = .column(column)
                taken[column] = index
            } else if let column = SheetColumn.matching(cell), !options.columns.contains(where: { $0.column == column }),
                      let other = taken[column] {
                throw FieldError("the columns \"\(header[other])\" and \"\(cell)\" both read as \(column.rawValue): "
                                 + "name the one to use with --columns \(column.rawValue)=\"…\"")
            } else if options.keepOtherColumns, !reserved.contains(cell), SheetColumn.matching(cell) == nil {
                uses[index] = .field(cell)
            }
        }
        guard taken[.pass] != nil else {
            throw FieldError("not a member list: no column holds the pass (Card, Card number, Pass, Tag, UID…): "
                             + "name it with --columns pass=\"…\"")
        }
        if taken[.name] != nil {
            // A full name wins; first and last names beside it are kept apart, not joined to it.
            for column in [SheetColumn.firstName, .lastName] { if let index = taken[column] { uses[index] = .unused } }
        }
        self.header = header
        self.uses = uses
        self.options = options
    }

    /// The cells of one row as the spreadsheet layout reads them (header name → text).
    func values(_ cells: [String]) throws(FieldError) -> [String: (text: String, quoted: Bool)] {
        var values: [String: (text: String, quoted: Bool)] = [:]
        var given: [SheetColumn: String] = [:]
        for (index, use) in uses.enumerated() {
            let text = cells[index].trimmingCharacters(in: .whitespaces)
            switch use {
            case .column(let column): given[column] = column.isDate ? try date(text, column: header[index]) : text
            case .field(let name): values[name] = (text, false)
            case .unused: continue
            }
        }
        let pass = given[.pass] ?? ""
        guard !pass.isEmpty else { throw FieldError("the pass is empty") }
        for (column, text) in given where ![.memberId, .firstName, .lastName, .added, .visits].contains(column) {
            values[column.target] = (text, false)
        }
        if given[.name] == nil {
            let parts = [given[.firstName], given[.lastName]].compactMap { $0 }.filter { !$0.isEmpty }
            values[SpreadsheetCSV.Column.name] = (parts.joined(separator: " "), false)
        }
        let memberId = given[.memberId].flatMap { $0.isEmpty ? nil : $0 } ?? Self.derivedIdPrefix + PassEntry.stored(pass)
        values[SpreadsheetCSV.Column.memberId] = (memberId, false)
        values[SpreadsheetCSV.Column.added] = (given[.added].flatMap { $0.isEmpty ? nil : $0 } ?? LocalTime.text(options.now), false)
        values[SpreadsheetCSV.Column.visits] = (given[.visits].flatMap { $0.isEmpty ? nil : $0 } ?? "0", false)
        return values
    }

    /// A date cell in `--date-format`'s layout becomes the day it names; any other text is left
    /// for the layout's own rule (a day or an ISO-8601 time), which refuses what it cannot read.
    private func date(_ text: String, column: String) throws(FieldError) -> String {
        guard let layout = options.dateLayout, !text.isEmpty, DayOrTime.parse(text, calendar: LocalTime.calendar) == nil else { return text }
        guard let day = layout.day(text) else { throw FieldError("\(column) '\(text)' is not a date in the layout \(layout)") }
        return day.description
    }

    /// Which column became what, for the preview.
    package var lines: [String] {
        zip(header, uses).map { cell, use in
            let shown = "\"\(cell)\""
            switch use {
            case .column(let column): return "\(shown) → \(column.rawValue)"
            case .field(let name): return "\(shown) → member field \"\(name)\""
            case .unused: return "\(shown) → not imported" + (options.keepOtherColumns ? "" : " (--keep-other-columns keeps it as a member field)")
            }
        }
    }
}
