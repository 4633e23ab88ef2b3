@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// F1 shows every key the desk binds, each line whole: wrapped on a narrow screen, on one line
/// on a wide one, never cut; Ctrl-C and the .csv import are in it.
@Test(arguments: screenSizes)
func helpFitsTheScreen(size: (width: Int, height: Int)) throws {
    let scenario = try Scenario(size: size)
    try scenario.waitFor("Members (2)")
    scenario.terminal.press(.function(1))
    try scenario.waitFor("Help — memberdesk")
    // Read every page: the footer says which lines show ("3–20 of 25") when they do not all fit.
    var lines: [Int: String] = [:]
    var total = 0
    for _ in 0..<10 {
        let rows = scenario.dialogRows(titled: "Help — memberdesk")
        let footer = try #require(rows.last)
        #expect(!rows.contains { $0.contains("…") }, "a help line was cut: \(rows)")
        let range = footer.split(separator: "(").last.map { $0.filter { $0.isNumber || $0 == "–" || $0 == " " } } ?? ""
        let numbers = range.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let first = numbers.count == 3 ? numbers[0] : 1
        total = numbers.count == 3 ? numbers[2] : rows.count - 1
        for (i, row) in rows.dropLast().prefix(total - first + 1).enumerated() { lines[first + i] = row }
        if lines.count >= total { break }
        scenario.terminal.press(.pageDown)
        _ = try scenario.waitFor("the next page") { _ in scenario.dialogRows(titled: "Help — memberdesk").last != footer }
    }
    let text = (1...total).compactMap { lines[$0] }.joined(separator: " ").split(separator: " ").joined(separator: " ")
    for binding in DeskKeymap.bindings {
        #expect(text.contains(binding.help), "help lacks \(binding.help)")
        for key in binding.keys { #expect(text.contains(key.label)) }
    }
    #expect(text.contains("Ctrl-C"))
    #expect(text.contains(".musrl, .mucsv or .csv"))
    #expect(text.contains("Ctrl-U"))
    if size.width >= 200 {
        // The wide screen has room for each line whole: nothing wraps.
        #expect(lines.values.contains { $0.hasPrefix("F3, /") && $0.hasSuffix("(Enter keeps the filter, Esc clears it)") })
    }
    scenario.terminal.press(.escape)
    try scenario.waitFor("the desk again") { !$0.contains("Help — memberdesk") }
}
