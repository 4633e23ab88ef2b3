import Foundation
import Testing

/// Every decision the core makes sits behind `@_spi(Decisions)` (docs/architecture.md, "Modules"),
/// so only the store and `Club` can call one: each `decide`, each rule's `apply`, each ordered rule
/// list, and every visible function of a `…Rule`/`…Rules` type but the few adapters read.
@Suite struct DecisionSPITests {
    /// Functions of rule types that are not decisions, and why they stay open.
    static let open: Set<String> = [
        "ClosingRule.parseClosingTime",  // the config's parser of `occupancy.closing_time` (DeskSettings)
        "HouseholdRule.expiresAt",  // the expiry that applies, which listings show
        "MemberFieldRules",  // the text rule adapters check input against before `Club` does
    ]

    /// A visible function or constant, by name (computed: a `Regex` is not `Sendable` as a static).
    static var visible: Regex<(Substring, Substring, Substring)> {
        /^\s*(?:@_spi\(\w+\)\s+)?(?:public|package)\s+(?:static\s+|mutating\s+)*(func|let)\s+(\w+)/
    }
    /// A type's or an extension's first line, by the type's name.
    static var typeOpening: Regex<(Substring, Substring)> {
        /^(?:@_spi\(\w+\)\s+)?(?:public\s+|package\s+)?(?:enum|struct|class|extension)\s+(\w+)/
    }

    /// The types declared `@_spi(Decisions)` in `texts` (top-level declarations).
    static func spiTypes(in texts: [String]) -> Set<String> {
        var names: Set<String> = []
        for text in texts {
            for line in text.split(separator: "\n") where line.hasPrefix("@_spi(Decisions) ") {
                if let match = line.firstMatch(of: typeOpening) { names.insert(String(match.1)) }
            }
        }
        return names
    }

    /// The decisions in `text` (of `file`) not behind the SPI, given the types that are.
    static func openDecisions(in text: String, file: String, spiTypes: Set<String>) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [String] = []
        for (number, line) in lines.enumerated() {
            guard let match = line.firstMatch(of: visible) else { continue }
            let isFunction = match.1 == "func", name = String(match.2), indent = line.prefix { $0 == " " }.count
            // The enclosing declarations: each nearest line above indented less than the one inside it.
            var enclosing: [(line: String, type: String)] = [], depth = indent
            for above in lines[..<number].reversed() where !above.trimmingCharacters(in: .whitespaces).isEmpty {
                let aboveIndent = above.prefix { $0 == " " }.count
                guard aboveIndent < depth else { continue }
                depth = aboveIndent
                if let opening = above.drop(while: { $0 == " " }).firstMatch(of: typeOpening) {
                    enclosing.append((above, String(opening.1)))
                }
                if depth == 0 { break }
            }
            guard let outer = enclosing.last?.type else { continue }
            // A rule list is a constant (`order`); any other decision a function.
            let isDecision = isFunction ? ["decide", "apply"].contains(name) || outer.hasSuffix("Rule") || outer.hasSuffix("Rules")
                : name == "order"
            let isOpen = Self.open.contains(outer) || Self.open.contains("\(outer).\(name)")
            let isGuarded = line.contains("@_spi(Decisions)") || enclosing.contains {
                $0.line.contains("@_spi(Decisions)") || spiTypes.contains($0.type)
            }
            if isDecision, !isOpen, !isGuarded { found.append("\(file):\(number + 1): \(outer).\(name)") }
        }
        return found
    }

    @Test func openDecisionsAreFound() {
        let spi: Set<String> = ["Admission"]
        let open = "package enum StaffCheckOut {\n    package static func decide() {}\n}"
        #expect(Self.openDecisions(in: open, file: "A.swift", spiTypes: spi) == ["A.swift:2: StaffCheckOut.decide"])
        let member = "package enum ClosingRule {\n    @_spi(Decisions) public static func dueBefore() {}\n    package static func key() {}\n}"
        #expect(Self.openDecisions(in: member, file: "A.swift", spiTypes: spi) == ["A.swift:3: ClosingRule.key"])
        let nested = "@_spi(Decisions) public enum Admission {\n    enum Inner {\n        package static func apply() {}\n    }\n}"
        #expect(Self.openDecisions(in: nested, file: "A.swift", spiTypes: spi).isEmpty)
        let extended = "extension Admission {\n    package static func decide() {}\n}"
        #expect(Self.openDecisions(in: extended, file: "A.swift", spiTypes: spi).isEmpty)
        let list = "package enum CardRules {\n    package static let order = [1]\n    package static let note = \"\"\n}"
        #expect(Self.openDecisions(in: list, file: "A.swift", spiTypes: spi) == ["A.swift:2: CardRules.order"])
        let reader = "public enum HouseholdRule {\n    public static func expiresAt() {}\n}"
        #expect(Self.openDecisions(in: reader, file: "A.swift", spiTypes: spi).isEmpty)
    }

    @Test func everyDecisionInTheCoreIsBehindTheSPI() throws {
        let files = SPIBoundaryTests.swiftFiles(under: "Sources/MemberCore")
        let texts = try files.map { try String(contentsOf: SPIBoundaryTests.root.appendingPathComponent($0), encoding: .utf8) }
        let spiTypes = Self.spiTypes(in: texts)
        #expect(spiTypes.isSuperset(of: ["Admission", "StaffCheckOut", "MemberUpdate", "CheckInRules"]), "the SPI types were not found")
        let open = zip(files, texts).flatMap { Self.openDecisions(in: $1, file: $0, spiTypes: spiTypes) }
        #expect(open.isEmpty, "a decision outside @_spi(Decisions):\n\(open.joined(separator: "\n"))")
    }
}
