import Foundation
import Testing

/// The example config blocks of the README and of every page in docs/ show the defaults: every
/// key they set has the value that `config show` prints with no config file.
@Suite struct ReadmeConfigBlockTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and docs/*.md, each as (its path from the root, its text): a block is checked wherever it lives.
    static var pages: [(name: String, text: String)] {
        get throws {
            let docs = root.appendingPathComponent("docs")
            let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
            return try (["README.md"] + names.map { "docs/" + $0 }).map { name in
                (name, try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8))
            }
        }
    }

    /// Put before a block that shows one site's values (a how-to's set-up), not the defaults.
    static let siteValuesMark = "<!-- config: a site's values, not the defaults -->"

    /// `section.key = value` of each indented block that starts with a `[section]` line (a
    /// value without its trailing comment), except the blocks between `siteValuesMark` and the
    /// next line of prose.
    static func exampleKeys(_ text: String) -> [(key: String, value: String)] {
        var keys: [(String, String)] = []
        var section: String?
        var siteValues = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indented = raw.hasPrefix("    ")
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !indented || line.isEmpty {
                section = nil
                if !indented, !line.isEmpty { siteValues = line == siteValuesMark }
                continue
            }
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = siteValues ? nil : String(line.dropFirst().dropLast())
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

    /// A marked block is one site's set-up and is not read; the next block after prose is.
    @Test func aSiteValuesBlockIsLeftOutUntilTheNextProse() {
        let text = "\(Self.siteValuesMark)\n\n    [wallet]\n    team_id = \"X\"\n\n    [wallet.google]\n    issuer_id = \"1\"\n"
            + "\nThe defaults:\n\n    [occupancy]\n    capacity = 0\n"
        #expect(Self.exampleKeys(text).map(\.key) == ["occupancy.capacity"])
        #expect(Self.exampleKeys(text.replacingOccurrences(of: Self.siteValuesMark, with: "A site:")).map(\.key)
                    == ["wallet.team_id", "wallet.google.issuer_id", "occupancy.capacity"])
    }

    @Test func theDocsExampleBlocksShowTheDefaults() async throws {
        let pages = try Self.pages
        #expect(pages.contains { $0.name == "docs/commands.md" }, "the command reference was not read")
        let examples = pages.flatMap { page in Self.exampleKeys(page.text).map { (page: page.name, key: $0.key, value: $0.value) } }
        #expect(examples.contains { $0.key == "occupancy.closing_time" } && examples.contains { $0.key == "occupancy.max_stay_hours" })
        let desk = try InProcessDesk()
        let shown = await desk.run(["config", "show"])
        try #require(shown.status == 0)
        let defaults = Self.shownKeys(shown.stdout)
        for (page, key, value) in examples {
            #expect(defaults[key] == value, "\(page) sets \(key) = \(value); config show says \(defaults[key] ?? "nothing")")
        }
    }
}
