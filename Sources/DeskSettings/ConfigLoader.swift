import Foundation
import MemberKit
import TOMLKit

extension DeskConfig {
    /// Reads a config file. A missing file gives the defaults (callers with a `ConfigFile` use
    /// `load(_:)`, which refuses a named one that is missing); an unknown key or a bad value is an
    /// error naming the key.
    public static func load(path: String) throws -> DeskConfig {
        guard FileManager.default.fileExists(atPath: path) else { return DeskConfig() }
        // Read as a stream, not by size: `--config /dev/null` (a character device, size 0 and no
        // contents to map) is an empty file and means the defaults.
        let data: Data
        do {
            guard let handle = FileHandle(forReadingAtPath: path) else { throw DeskError.config("cannot open") }
            defer { try? handle.close() }
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw DeskError.config("cannot read config \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DeskError.config("config \(path) is not UTF-8 text")
        }
        do {
            return try parse(text)
        } catch let error as DeskError {
            throw DeskError.config("\(path): \(error.description)")
        }
    }

    package static func parse(_ text: String) throws -> DeskConfig {
        // TOML allows no control characters but tab, and toml++ asserts (aborts) on some of
        // them in debug builds (found by fuzzing: "[\u{2}"), so refuse them before parsing.
        var line = 1
        for scalar in text.unicodeScalars {
            if scalar == "\n" { line += 1; continue }
            if scalar.value < 0x20 && scalar != "\t" && scalar != "\r" || scalar.value == 0x7F {
                throw DeskError.config("line \(line): control character U+\(String(format: "%04X", scalar.value)) is not allowed")
            }
        }
        try checkTableHeaders(text)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw DeskError.config("line \(error.source.begin.line): \(error.description)")
        } catch {
            throw DeskError.config("not valid TOML")
        }
        var config = DeskConfig()
        let keys = Dictionary(uniqueKeysWithValues: ConfigKey.all.map { ($0.name, $0) })
        try apply(table, prefix: "", keys: keys, to: &config)
        return config
    }

    /// toml++ asserts when a table header's `[` is not followed by a key (found by fuzzing:
    /// "[\n", a BOM before "[ :", "[" + a combining mark). Checked on scalars, not characters,
    /// since a combining mark would merge with the bracket into one Character.
    private static func checkTableHeaders(_ text: String) throws {
        for (index, line) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let blank: Set<Unicode.Scalar> = [" ", "\t", "\u{FEFF}"]
            var rest = line.drop { blank.contains($0) }
            guard rest.first == "[" else { continue }
            rest = rest.dropFirst()
            if rest.first == "[" { rest = rest.dropFirst() }
            rest = rest.drop { blank.contains($0) }
            guard let next = rest.first, next.isASCII,
                  next.properties.isAlphabetic || ("0"..."9").contains(next) || "_-\"'".unicodeScalars.contains(next) else {
                throw DeskError.config("line \(index + 1): a table header needs a name, as in [reader]")
            }
        }
    }

    private static func apply(_ table: TOMLTable, prefix: String, keys: [String: ConfigKey],
                              to config: inout DeskConfig) throws {
        for name in table.keys.sorted() {
            guard let value = table[name] else { continue }
            let dotted = prefix + name
            if let key = keys[dotted] {
                try key.apply(&config, value)
            } else if let section = value.table, keys.keys.contains(where: { $0.hasPrefix(dotted + ".") }) {
                try apply(section, prefix: dotted + ".", keys: keys, to: &config)
            } else {
                throw DeskError.config("unknown config key '\(dotted)'")
            }
        }
    }

    /// The effective configuration as TOML, each key with its help. `commentedOut` writes each
    /// key as a comment (the example config file the Debian package installs).
    public func rendered(commentedOut: Bool = false) -> String {
        var lines: [String] = []
        var section = ""
        for key in ConfigKey.all {
            let parts = key.name.split(separator: ".")
            // `wallet.apple.team_id` is `team_id` under `[wallet.apple]`.
            let keySection = parts.dropLast().joined(separator: ".")
            if keySection != section {
                section = keySection
                lines.append("")
                lines.append("[\(section)]")
            }
            lines.append("# \(key.help)")
            lines.append("\(commentedOut ? "#" : "")\(parts.last!) = \(key.current(self))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
