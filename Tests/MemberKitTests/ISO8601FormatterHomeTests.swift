import Testing

/// One rule, one home: ISO-8601 text is written and read through `ISO8601Formatters` (a formatter
/// made once per zone and options by `ISO8601Text.makeFormatter`, used under its lock), never a
/// formatter made on the spot; and UTC is one zone, `ISO8601Text.utc`, made there once.
@Suite struct ISO8601FormatterHomeTests {
    static let home = "MemberCore/Support/ISO8601Text.swift"

    @Test func noFormatterIsMadeOutsideItsHome() throws {
        var offending: [String] = []
        for file in StoreBoundaryTests.swiftFiles() where file != Self.home {
            for (number, code) in try ClockBoundaryTests.codeLines(file) where code.contains("ISO8601DateFormatter()") {
                offending.append("\(file):\(number)")
            }
        }
        #expect(StoreBoundaryTests.swiftFiles().contains(Self.home))
        #expect(offending.isEmpty, "an ISO8601DateFormatter made outside ISO8601Formatters:\n\(offending.joined(separator: "\n"))")
    }

    @Test func utcIsMadeOnlyInItsHome() throws {
        let makers = ["TimeZone(secondsFromGMT: 0)", "TimeZone(identifier: \"UTC\")", "TimeZone(abbreviation: \"UTC\")",
                      "TimeZone(identifier: \"GMT\")"]
        var offending: [String] = []
        for file in StoreBoundaryTests.swiftFiles() where file != Self.home {
            for (number, code) in try ClockBoundaryTests.codeLines(file) where makers.contains(where: code.contains) {
                offending.append("\(file):\(number)")
            }
        }
        #expect(offending.isEmpty, "a UTC zone made outside ISO8601Text.utc:\n\(offending.joined(separator: "\n"))")
    }
}
