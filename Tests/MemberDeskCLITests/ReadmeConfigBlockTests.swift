import Foundation
import Testing

/// The README's example config blocks show the defaults: every key they set has the value that
/// `config show` prints with no config file.
@Suite struct ReadmeConfigBlockTests {
    static var readme: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        }
    }

    /// `section.key = value` of each indented block that starts with a `[section]` line (a
    /// value without its trailing comment).
    static func exampleKeys(_ text: String) -> [(key: String, value: String)] {
        var keys: [(String, String)] = []
        var section: String?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indented = raw.hasPrefix("    ")
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !indented || line.isEmpty {
                section = nil
                continue
            }
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let section, !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = String(line[line.index(after: equals)...])
            // A comment starts at a '#' outside quotes.
            var quoted = false
            for (offset, character) in value.enumerated() {
                if character == "\"" { quoted.toggle() }
                if character == "#", !quoted { value = String(value.prefix(offset)); break }
            }
            keys.append(("\(section).\(name)", value.trimmingCharacters(in: .whitespaces)))
        }
        return keys
    }

    /// `config show`'s `section.key` → value.
    static func shownKeys(_ text: String) -> [String: String] {
        var keys: [String: String] = [:]
        var section = ""
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") { section = String(line.dropFirst().dropLast()); continue }
            guard let range = line.range(of: " = ") else { continue }
            let name = String(line[..<range.lowerBound])
            keys[section.isEmpty ? name : "\(section).\(name)"] = String(line[range.upperBound...])
        }
        return keys
    }

    @Test func theParserReadsABlock() {
        let keys = Self.exampleKeys("text\n\n    [occupancy]\n    tap = \"in\"   # a # comment\n                 # more\n    capacity = 0\n\nafter = 1\n")
        #expect(keys.map(\.key) == ["occupancy.tap", "occupancy.capacity"])
        #expect(keys.map(\.value) == ["\"in\"", "0"])
    }

    @Test func theReadmesExampleBlocksShowTheDefaults() async throws {
        let examples = Self.exampleKeys(try Self.readme)
        #expect(examples.contains { $0.key == "occupancy.closing_time" } && examples.contains { $0.key == "occupancy.max_stay_hours" })
        let desk = try InProcessDesk()
        let shown = await desk.run(["config", "show"])
        try #require(shown.status == 0)
        let defaults = Self.shownKeys(shown.stdout)
        for (key, value) in examples {
            #expect(defaults[key] == value, "README sets \(key) = \(value); config show says \(defaults[key] ?? "nothing")")
        }
    }
}
