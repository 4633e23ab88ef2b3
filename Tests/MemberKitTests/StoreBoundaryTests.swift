import Foundation
import Testing

/// The store owns the SQL: outside `Sources/MemberKit/Store/` no source file imports GRDB or holds
/// an SQL statement (the bench's reference runs and fixtures aside).
@Suite struct StoreBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let exempt = ["MemberKit/Store/", "memberdesk-bench/"]
    static let forbidden = ["import GRDB", "INSERT INTO", "DELETE FROM", "UPDATE member", "execute(sql"]

    /// A query: SELECT with FROM or a star. (ISO 7816's SELECT APDU, named in the card reader, is not SQL.)
    static func isQuery(_ line: Substring) -> Bool {
        line.contains("SELECT ") && (line.contains(" FROM ") || line.contains("SELECT *") || line.contains("SELECT COUNT"))
    }

    static func swiftFiles() -> [String] {
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test func sourcesAreFound() {
        #expect(Self.swiftFiles().contains("MemberKit/Store/AppDatabase.swift"))
        #expect(Self.swiftFiles().count > 50)
    }

    @Test func onlyTheStoreSpeaksSQL() throws {
        var offending: [String] = []
        for file in Self.swiftFiles() where !Self.exempt.contains(where: file.hasPrefix) {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.forbidden.contains(where: line.contains) || Self.isQuery(line) {
                offending.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offending.isEmpty, "SQL outside Sources/MemberKit/Store/:\n\(offending.joined(separator: "\n"))")
    }
}
