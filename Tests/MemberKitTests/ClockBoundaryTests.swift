import Foundation
import Testing

/// Issue 47 item 5: time comes from a clock someone handed in. No `Date()` anywhere in `Sources/`
/// but the system clock itself (the CLI reads `CommandClock.current`, the desk its clock, a wait or
/// a duration `ContinuousClock`), and no default argument anywhere in `Sources/` that quietly reads
/// the machine's calendar or zone (`= .current`): its caller passes it (the core's settings default
/// to `Calendar.gregorianUTC`; the desk's config hands in the club's).
@Suite struct ClockBoundaryTests {
    static let systemClock = "MemberKit/Support/SystemClock.swift"
    /// The wall clock read outright, spelt any of the ways Foundation allows (`cacheDate()` is no read).
    static let clockReads = [#"\bDate\(\)"#, #"\bDate\.now\b"#, #"\bDate\(timeIntervalSinceNow"#]

    static func readsTheClock(_ code: Substring) -> String? {
        clockReads.first { code.range(of: $0, options: .regularExpression) != nil }
    }
    /// Code lines of `file` (not `//` comments), numbered from 1.
    static func codeLines(_ file: String) throws -> [(number: Int, code: Substring)] {
        let text = try String(contentsOf: StoreBoundaryTests.sources.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let code = line.drop { $0 == " " }
            return code.hasPrefix("//") ? nil : (index + 1, code)
        }
    }

    /// A default argument of the machine's calendar, zone or locale: `calendar: Calendar = .current`,
    /// `timeZone: TimeZone = TimeZone.current`, `= .autoupdatingCurrent`.
    static func isCurrentDefault(_ code: Substring) -> Bool {
        code.range(of: #"(Calendar|TimeZone|Locale)\??\s*=\s*(Calendar|TimeZone|Locale)?\.(current|autoupdatingCurrent)\b"#,
                   options: .regularExpression) != nil
    }

    @Test func theCheckSeesWhatItLooksFor() {
        #expect(Self.isCurrentDefault("init(calendar: Calendar = .current) {"))
        #expect(Self.isCurrentDefault("func f(zone: TimeZone = TimeZone.current)"))
        #expect(Self.isCurrentDefault("func f(calendar: Calendar? = .autoupdatingCurrent)"))
        #expect(!Self.isCurrentDefault("let day = settings.calendar.startOfDay(for: now)"))
        #expect(!Self.isCurrentDefault("f(calendar: .current)"))
        #expect(Self.readsTheClock("let now = Date()") != nil && Self.readsTheClock("x = Date.now") != nil)
        #expect(Self.readsTheClock("Date(timeIntervalSinceNow: 5)") != nil)
        #expect(Self.readsTheClock("var cached = list.cacheDate()") == nil && Self.readsTheClock("ContinuousClock.now") == nil)
    }

    @Test func noWallClockIsReadOutsideTheSystemClock() throws {
        var offending: [String] = []
        for file in StoreBoundaryTests.swiftFiles() where file != Self.systemClock {
            for (number, code) in try Self.codeLines(file) {
                if let read = Self.readsTheClock(code) { offending.append("\(file):\(number): \(read)") }
            }
        }
        #expect(StoreBoundaryTests.swiftFiles().contains(Self.systemClock))
        #expect(offending.isEmpty, "the wall clock read outside SystemClock:\n\(offending.joined(separator: "\n"))")
    }

    @Test func noCodeTakesTheMachinesCalendarByDefault() throws {
        var offending: [String] = []
        for file in StoreBoundaryTests.swiftFiles() {
            for (number, code) in try Self.codeLines(file) where Self.isCurrentDefault(code) {
                offending.append("\(file):\(number): \(code)")
            }
        }
        #expect(offending.isEmpty, "a `.current` default (the caller passes it):\n\(offending.joined(separator: "\n"))")
    }
}
