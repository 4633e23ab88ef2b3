/// A day written in a layout a person names (`--date-format DD.MM.YYYY`, `MM/DD/YYYY`): D, M and
/// Y stand for digits, anything else for itself. Only read when named, never guessed: `01/02/2027`
/// is the 1st of February in one country and the 2nd of January in another.
public struct DayLayout: Sendable, Hashable, CustomStringConvertible {
    enum Part: Hashable {
        /// One or two digits (`D`, `M`), or exactly as many as written (`DD`, `MM`, `YYYY`).
        case day(fixed: Bool), month(fixed: Bool), year
        case literal(Character)
    }

    let parts: [Part]
    public let description: String

    /// Throws `DeskError.invalidInput` for a layout without exactly one day, month and four-digit year.
    public init(_ format: String) throws {
        var parts: [Part] = []
        var rest = Substring(format.uppercased())
        while let letter = rest.first {
            let run = rest.prefix { $0 == letter }
            rest = rest.dropFirst(run.count)
            switch (letter, run.count) {
            case ("D", 1), ("D", 2): parts.append(.day(fixed: run.count == 2))
            case ("M", 1), ("M", 2): parts.append(.month(fixed: run.count == 2))
            case ("Y", 4): parts.append(.year)
            case _ where letter.isLetter || letter.isNumber:
                throw DeskError.invalidInput("--date-format '\(format)': use D or DD, M or MM and YYYY with separators, e.g. DD.MM.YYYY")
            default: parts.append(contentsOf: Array(repeating: .literal(letter), count: run.count))
            }
        }
        let counts = (parts.filter { if case .day = $0 { true } else { false } }.count,
                      parts.filter { if case .month = $0 { true } else { false } }.count, parts.filter { $0 == .year }.count)
        guard counts == (1, 1, 1) else {
            throw DeskError.invalidInput("--date-format '\(format)': it needs one day (DD), one month (MM) and one year (YYYY)")
        }
        self.parts = parts
        description = format
    }

    /// The day `text` names in this layout, or nil (a day the calendar lacks is no day).
    public func day(_ text: String) -> CalendarDay? {
        var rest = Substring(text)
        var day = 0, month = 0, year = 0
        func digits(_ fewest: Int, _ most: Int) -> Int? {
            let run = rest.prefix(most).prefix { $0.isASCII && $0.isNumber }
            guard run.count >= fewest else { return nil }
            rest = rest.dropFirst(run.count)
            return Int(run)
        }
        for part in parts {
            switch part {
            case .day(let fixed): guard let value = digits(fixed ? 2 : 1, 2) else { return nil }; day = value
            case .month(let fixed): guard let value = digits(fixed ? 2 : 1, 2) else { return nil }; month = value
            case .year: guard let value = digits(4, 4) else { return nil }; year = value
            case .literal(let character):
                guard rest.first == character else { return nil }
                rest = rest.dropFirst()
            }
        }
        guard rest.isEmpty else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }
}
