import Foundation
import GRDB
@testable import MemberKit
import MemberDeskTestSupport
import Testing

/// A database written by an older memberdesk is upgraded by whichever command opens it first.
@Suite struct UpgradeTests {
    /// A members file as the first release left it (before word search and passSince).
    private func oldDatabase(at path: String, extraMembers: Int = 0) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let pool = try DatabasePool(path: path)
        try AppDatabase.migrator.migrate(pool, upTo: "v2-member-alias")
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO member(memberId, passId, username, timeStampAdded, fields, modifiedAt, modifiedBy)
                VALUES ('M1', '04A23B1C', 'Zoë Ünal', 1, '{"userEmailAddress":"zu@club.example"}', 1, 'T')
                """)
            try db.execute(sql: "INSERT INTO terminal_setting(key, value) VALUES ('terminalId', 'T'), ('terminalName', 'memberdesk')")
            guard extraMembers > 0 else { return }
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO member(memberId, passId, username, timeStampAdded, modifiedAt, modifiedBy)
                SELECT 'X' || i, 'P' || i, 'Extra Member ' || i, 1, 1, 'T' FROM n
                """, arguments: [extraMembers])
        }
    }

    @Test(arguments: [["members", "list", "--search", "zoe", "--json"], ["stats", "--json"], ["checkin", "04A23B1C", "--json"]])
    func anyCommandUpgradesAnOlderDatabase(arguments: [String]) throws {
        let desk = try DeskBinary()
        try oldDatabase(at: desk.databasePath)
        let result = try desk.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let search = try desk.run(["members", "list", "--search", "zoe", "--json"])
        #expect(search.stdout.contains("\"M1\""), "\(search.stderr)")
    }

    @Test func upgradingALargeClubSaysSoFirst() throws {
        let desk = try DeskBinary()
        try oldDatabase(at: desk.databasePath, extraMembers: 10_000)
        let result = try desk.run(["stats", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("upgrading the database of 10,001 members"))
        #expect(try desk.run(["members", "list", "--search", "extra member 9999", "--json"]).stdout.contains("\"X9999\""))
        #expect(try desk.run(["stats", "--json"]).stderr.isEmpty)  // once
    }
}
