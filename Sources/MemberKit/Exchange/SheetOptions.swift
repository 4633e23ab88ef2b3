import Foundation

/// How `import` reads a spreadsheet from another system: the columns named by hand
/// (`--columns pass="Card Number"`), whether the columns that map to nothing are kept as
/// member-type fields, and the layout of its dates (`--date-format`).
package struct SheetOptions: Sendable {
    package var columns: [(column: SheetColumn, header: String)]
    package var keepOtherColumns: Bool
    package var dateLayout: DayLayout?
    /// The import's time: the Added of a row without one.
    var now: Double = 0

    package init(columns: [(column: SheetColumn, header: String)] = [], keepOtherColumns: Bool = false, dateLayout: DayLayout? = nil) {
        self.columns = columns
        self.keepOtherColumns = keepOtherColumns
        self.dateLayout = dateLayout
    }

    /// `pass="Card Number",name=Full Name`: what each column holds, a header in quotes when it has
    /// a comma. Throws `DeskError.invalidInput` naming what is wrong.
    package static func columns(_ text: String) throws -> [(column: SheetColumn, header: String)] {
        var pairs: [(SheetColumn, String)] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { throw DeskError.invalidInput("--columns '\(text)': expected WHAT=\"Header\"") }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[rest.index(after: equals)...]
            var header: Substring
            if rest.first == "\"" {
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: "\"") else { throw DeskError.invalidInput("--columns '\(text)': a quote is not closed") }
                header = rest[..<close]
                rest = rest[rest.index(after: close)...]
                guard rest.isEmpty || rest.first == "," else { throw DeskError.invalidInput("--columns '\(text)': expected a comma after \"\(header)\"") }
            } else {
                header = rest.prefix { $0 != "," }
                rest = rest.dropFirst(header.count)
            }
            if rest.first == "," { rest = rest.dropFirst() }
            guard let column = SheetColumn(rawValue: name) else {
                throw DeskError.invalidInput("--columns: '\(name)' is none of \(SheetColumn.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let trimmed = header.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { throw DeskError.invalidInput("--columns: \(name) names no column") }
            pairs.append((column, trimmed))
        }
        return pairs
    }
}
