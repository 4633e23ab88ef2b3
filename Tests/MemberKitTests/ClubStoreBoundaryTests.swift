import Foundation
import Testing

/// Adapters reach the store through `Club`'s reads (`Club+AdapterReads.swift`), or are handed the
/// `AppDatabase` by the wiring that opened it: `Club.database` is internal to MemberKit, and no
/// source outside MemberKit names a club's `.database`.
@Suite struct ClubStoreBoundaryTests {
    static let clubFile = "MemberKit/Club/Club.swift"
    /// `club.database`, `context.club.database`, `$0.club.database`: a club's store, by any spelling the sources use.
    static func namesAClubsStore(_ line: Substring) -> Bool {
        ["club.database", "Club.database"].contains { name in
            line.ranges(of: name).contains { range in
                guard let next = line[range.upperBound...].first else { return true }
                return !(next.isLetter || next.isNumber || next == "_")
            }
        }
    }

    @Test func theClubsStoreIsInternal() throws {
        let text = try String(contentsOf: StoreBoundaryTests.sources.appendingPathComponent(Self.clubFile), encoding: .utf8)
        let declarations = text.split(separator: "\n").filter { $0.contains("let database: AppDatabase") }
        #expect(declarations.count == 1, "Club's store declaration was not found in \(Self.clubFile)")
        #expect(declarations.allSatisfy { !$0.contains("public") && !$0.contains("package") },
                "Club.database must stay internal to MemberKit:\n\(declarations.joined(separator: "\n"))")
    }

    @Test func noSourceOutsideMemberKitNamesAClubsStore() throws {
        var offending: [String] = []
        for file in StoreBoundaryTests.swiftFiles() where !file.hasPrefix("MemberKit/") {
            let text = try String(contentsOf: StoreBoundaryTests.sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.namesAClubsStore(line) {
                offending.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offending.isEmpty, """
            a club's store used outside MemberKit (read through Club+AdapterReads, or be given the database):
            \(offending.joined(separator: "\n"))
            """)
    }

    @Test func theCheckFindsAClubsStore() {
        #expect(Self.namesAClubsStore("let rows = try context.club.database.staff()"))
        #expect(Self.namesAClubsStore("let database = club.database"))
        #expect(!Self.namesAClubsStore("let count = try club.memberCount()"))
        #expect(!Self.namesAClubsStore("let ok = club.databaseReady"))
    }
}
