import Foundation
import GRDB
@testable import MemberKit
import Testing

/// Issue #46 item 10: the name sort follows the locale's collation (Łukasz before Zoë), in the
/// store's listings and in the desk's pages, both ways, and an upgraded database gets its keys.
@Suite struct NameCollationTests {
    static let names = ["Zoë Adams", "Łukasz Nowak", "anna Berg", "Émile Zola", "Zach Brown", "Ölaf Berg", "Oscar Wilde"]

    @Test func theLocaleIsPOSIXs() {
        #expect(NameCollation.locale(environment: [:]) == "")
        #expect(NameCollation.locale(environment: ["LANG": "C.UTF-8"]) == "")
        #expect(NameCollation.locale(environment: ["LANG": "de_DE.UTF-8"]) == "de_DE")
        #expect(NameCollation.locale(environment: ["LANG": "de_DE.UTF-8", "LC_COLLATE": "sv_SE.UTF-8"]) == "sv_SE")
        #expect(NameCollation.locale(environment: ["LANG": "de_DE.UTF-8", "LC_COLLATE": "sv_SE", "LC_ALL": "pl_PL@euro"]) == "pl_PL")
        #expect(NameCollation.locale(environment: ["LC_ALL": "", "LANG": "POSIX"]) == "")
    }

    @Test func keysOrderAsTheLocaleDoes() throws {
        func sorted(_ locale: String) -> [String] {
            let collation = NameCollation(locale: locale)
            return Self.names.sorted { collation.key($0)!.lexicographicallyPrecedes(collation.key($1)!) }
        }
        let root = ["anna Berg", "Émile Zola", "Łukasz Nowak", "Ölaf Berg", "Oscar Wilde", "Zach Brown", "Zoë Adams"]
        #expect(sorted("") == root)
        #expect(sorted("de_DE") == root)
        // Swedish sorts Ö after Z.
        #expect(sorted("sv_SE") == ["anna Berg", "Émile Zola", "Łukasz Nowak", "Oscar Wilde", "Zach Brown", "Zoë Adams", "Ölaf Berg"])
        // Bytes with ASCII case folded, the order before: Zoë before Łukasz.
        #expect(Self.names.sorted { $0.lowercased() < $1.lowercased() }.firstIndex(of: "Zoë Adams")! <
                Self.names.sorted { $0.lowercased() < $1.lowercased() }.firstIndex(of: "Łukasz Nowak")!)
        #expect(NameCollation(locale: "").key(String(repeating: "ł", count: 400))!.count > 256)
    }

    @Test func listingsAndPagesFollowTheCollation() throws {
        let f = try ClubFixture()
        for (index, name) in Self.names.enumerated() { try f.club.addMember(passId: "P\(index)", username: name) }
        try f.club.addMember(passId: "NONAME")
        let expected = ["anna Berg", "Émile Zola", "Łukasz Nowak", "Ölaf Berg", "Oscar Wilde", "Zach Brown", "Zoë Adams"]
        #expect(try f.database.members(sort: .name).map(\.username) == [nil] + expected)
        var forward: [String?] = []
        var cursor: MemberRow?
        repeat {
            let page = try f.database.memberPage(sort: .name, cursor: cursor, limit: 3)
            forward += page.map(\.member.username)
            cursor = page.last
            if page.count < 3 { break }
        } while true
        #expect(forward == [nil] + expected)
        let last = try f.database.memberPage(sort: .name, limit: 100).last
        let back = try f.database.memberPage(sort: .name, cursor: last, direction: .backward, limit: 4)
        #expect(back.map(\.member.username) == Array(expected.dropLast().suffix(4)))
        // A rename moves the member in the order.
        let zoe = try #require(try f.database.members(sort: .name).last)
        try f.club.updateMember(id: zoe.memberId, MemberChanges(username: .some("Aaron Zoë")))
        #expect(try f.database.members(sort: .name).map(\.username).prefix(2) == [nil, "Aaron Zoë"])
    }

    @Test func anUpgradeKeysTheNamesItHasWithoutMarkingThemChanged() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v18-audit-rows-in-time")
        try queue.write { db in
            for (index, name) in ["Zoë", "Łukasz", "anna"].enumerated() {
                try db.execute(sql: """
                    INSERT INTO member(memberId, passId, username, timeStampAdded, fields, modifiedAt, modifiedBy)
                    VALUES (?, ?, ?, 0, '{}', 0, 't')
                    """, arguments: ["m\(index)", "P\(index)", name])
            }
        }
        let changes = try queue.read { db in try Int.fetchOne(db, sql: "SELECT max(seq) FROM member_change") }
        let database = try AppDatabase.wrapping(queue)
        #expect(try database.members(sort: .name).map(\.username) == ["anna", "Łukasz", "Zoë"])
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT max(seq) FROM member_change") } == changes)
        #expect(try database.setting(NameCollation.settingKey) == NameCollation.locale(environment: ProcessInfo.processInfo.environment))
    }
}
