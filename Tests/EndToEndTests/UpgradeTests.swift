import Foundation
import GRDB
@testable import MemberKit
import MemberDeskTestSupport
import Testing

/// A database written by an older memberdesk is upgraded by whichever command opens it first.
@Suite struct UpgradeTests {
    /// A members file as the first release left it (before word search and passSince).
    private func oldDatabase(at path: String) throws {
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
}

