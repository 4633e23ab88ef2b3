import Foundation
import Testing

/// Which files may see the core's guarded doors (docs/architecture.md, "MemberCore"): the
/// decisions (`@_spi(Decisions)`) are declared in MemberCore and imported by the store alone and
/// the two test targets over it; the test hooks (`@_spi(Testing)`) are declared in MemberKit and
/// imported by tests and the bench, never by a shipped target.
@Suite struct SPIBoundaryTests {
    static let root = StoreBoundaryTests.sources.deletingLastPathComponent()
    /// Where each SPI may be declared (`@_spi(X) public …`) and where imported (`@_spi(X) import …`),
    /// as path prefixes from the package root.
    static let rules: [(spi: String, declaredIn: [String], importedIn: [String])] = [
        ("@_spi(Decisions)", ["Sources/MemberCore/"],
         ["Sources/MemberKit/", "Tests/MemberCoreTests/", "Tests/MemberKitTests/"]),
        // The bench is measured, not shipped: it seeds its stores as the tests do.
        ("@_spi(Testing)", ["Sources/MemberKit/"], ["Tests/", "Sources/memberdesk-bench/"]),
    ]

    static func swiftFiles(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }.sorted()
    }

    /// The SPI's misuses in `text` of `file`: an import where it may not be imported, a declaration where it may not be declared.
    static func misuses(of rule: (spi: String, declaredIn: [String], importedIn: [String]), in text: String,
                        file: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.drop { $0 == " " }
            guard code.hasPrefix("@"), code.contains(rule.spi) else { continue }
            let isImport = code.split(separator: " ").contains("import")
            let allowed = isImport ? rule.importedIn : rule.declaredIn
            if !allowed.contains(where: file.hasPrefix) {
                found.append("\(file):\(number + 1): \(isImport ? "imports" : "declares") \(rule.spi)")
            }
        }
        return found
    }

    @Test func misusesAreFound() {
        let decisions = Self.rules[0], testing = Self.rules[1]
        #expect(Self.misuses(of: decisions, in: "@_spi(Decisions) import MemberCore", file: "Sources/DeskUI/A.swift").count == 1)
        #expect(Self.misuses(of: decisions, in: "@_spi(Decisions) import MemberCore", file: "Sources/MemberKit/A.swift").isEmpty)
        #expect(Self.misuses(of: decisions, in: "@_spi(Decisions) public enum A {}", file: "Sources/MemberKit/A.swift").count == 1)
        #expect(Self.misuses(of: testing, in: "@_spi(Testing) import MemberKit", file: "Sources/MemberDeskCLI/A.swift").count == 1)
        #expect(Self.misuses(of: testing, in: "@_spi(Testing) import MemberKit", file: "Tests/DeskUITests/A.swift").isEmpty)
    }

    @Test func theGuardedDoorsAreOpenedOnlyWhereTheyMayBe() throws {
        let files = Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests")
        var offending: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for rule in Self.rules { offending += Self.misuses(of: rule, in: text, file: file) }
        }
        #expect(files.contains("Sources/MemberCore/CheckIn/Admission.swift"), "the sources were not found")
        #expect(offending.isEmpty, "an SPI opened outside its row:\n\(offending.joined(separator: "\n"))")
    }
}
