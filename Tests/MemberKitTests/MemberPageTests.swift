import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

@Suite struct MemberPageTests {
    /// Members with NULL names, equal names in different cases, and tied visit counts and times.
    func database() throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "T"), clock: FakeClock())
        let names: [String?] = [nil, "ana", "Ana", "bob", nil, "Émile", "zoë", "ANA", "carl", nil, "bob", "山田"]
        for (i, name) in names.enumerated() {
            // Some expire (two on the same day), the others never.
            let expiresAt: Double? = i % 3 == 0 ? nil : 2_000_000 + Double((i % 5) * 86_400)
            // Some hold a pack (two with the same balance, one never topped up).
            let plan = i % 4 == 1 ? PlanChanges(visits: i % 3) : i == 6 ? PlanChanges(plan: .pack) : PlanChanges()
            let member = try club.addMember(passId: String(format: "04%06X", i), username: name, expiresAt: expiresAt, plan: plan)
            for v in 0..<(i % 3) {
                try club.checkIn(passId: member.passId, source: .manual, at: Date(timeIntervalSince1970: 1_000_000 + Double((i % 4) * 100 + v * 1000)))
            }
        }
        return database
    }

    @Test(arguments: [MemberSort.name, .lastVisit, .visits, .added, .expiry, .visitsLeft])
    func seekingForwardAndBackwardMatchesOffsetPaging(sort: MemberSort) throws {
        let database = try database()
        let all = try database.members(sort: sort, limit: 1000).map(\.memberId)
        #expect(all.count == 12)
        // Forward in pages of 5.
        var forward: [MemberRow] = []
        var cursor: MemberRow?
        while true {
            let page = try database.memberPage(sort: sort, cursor: cursor, limit: 5)
            forward += page
            guard page.count == 5, let last = page.last else { break }
            cursor = last
        }
        #expect(forward.map(\.member.memberId) == all)
        // Backward from the end, in pages of 4.
        var backward: [MemberRow] = []
        cursor = nil
        while true {
            let page = try database.memberPage(sort: sort, cursor: cursor, direction: .backward, limit: 4)
            backward = page + backward
            guard page.count == 4, let first = page.first else { break }
            cursor = first
        }
        #expect(backward.map(\.member.memberId) == all)
        // An absolute offset lands where OFFSET paging does.
        #expect(try database.memberPage(sort: sort, offset: 7, limit: 3).map(\.member.memberId) == Array(all[7..<10]))
    }

    @Test func seekingWorksWithASearch() throws {
        let database = try database()
        let matches = try database.members(matching: "an", sort: .name, limit: 100).map(\.memberId)
        let first = try database.memberPage(matching: "an", sort: .name, limit: 2)
        let rest = try database.memberPage(matching: "an", sort: .name, cursor: first.last, limit: 100)
        #expect((first + rest).map(\.member.memberId) == matches)
        #expect(try database.memberCount(matching: "an") == matches.count)
    }

    @Test(arguments: [MemberSort.name, .lastVisit, .visits])
    func aSubstringSearchWithFewMatchesPagesLikeTheListing(sort: MemberSort) throws {
        let database = try database()
        // "ana" matches "ana", "Ana" and "ANA".
        let matches = try database.members(matching: "ana", sort: sort, limit: 100).map(\.memberId)
        #expect(matches.count == 3)
        let first = try database.memberPage(matching: "ana", sort: sort, limit: 2)
        let rest = try database.memberPage(matching: "ana", sort: sort, cursor: first.last, limit: 100)
        #expect((first + rest).map(\.member.memberId) == matches)
        let back = try database.memberPage(matching: "ana", sort: sort, direction: .backward, limit: 100)
        #expect(back.map(\.member.memberId) == matches)
        #expect(try database.memberPage(matching: "ana", sort: sort, offset: 1, limit: 5).map(\.member.memberId)
                == Array(matches.dropFirst()))
    }

    /// A word most members share walks the sort index and checks each row's words;
    /// forced here with a threshold of 0, it pages exactly as the listing does.
    @Test(arguments: [MemberSort.name, .lastVisit, .visits, .added, .expiry, .visitsLeft])
    func aCommonTermPagesLikeTheListing(sort: MemberSort) throws {
        let database = try database()
        let matches = try database.members(matching: "040", sort: sort, limit: 100).map(\.memberId)
        #expect(matches.count == 12)
        let page = { (cursor: MemberRow?, direction: PageDirection, limit: Int) in
            try database.memberPage(matching: "040", sort: sort, cursor: cursor, direction: direction,
                                    limit: limit, sparseSearch: 0)
        }
        let first = try page(nil, .forward, 5)
        let rest = try page(first.last, .forward, 100)
        #expect((first + rest).map(\.member.memberId) == matches)
        #expect(try page(nil, .backward, 100).map(\.member.memberId) == matches)
        let none = try database.memberPage(matching: "zzz", sort: sort, cursor: nil, direction: .forward, limit: 10,
                                           sparseSearch: 0)
        #expect(none.isEmpty)
    }

    @Test func aSearchReadsTheWordIndexOrWalksTheSortIndex() throws {
        let database = try database()
        try database.read { store in
            let db = store.db
            func plan(sparseLimit: Int) throws -> [String] {
                let (source, filter, arguments) = try MemberSearch("an").plan(db, sparseLimit: sparseLimit)
                return try Row.fetchAll(db, sql: """
                    EXPLAIN QUERY PLAN SELECT member.* FROM \(source) WHERE deletedAt IS NULL\(filter)
                    ORDER BY \(MemberSort.lastVisit.orderBy) LIMIT 10
                    """, arguments: arguments).map { $0["detail"] as String }
            }
            let sparse = try plan(sparseLimit: 100)
            #expect(sparse.contains { $0.contains("member_token") && $0.contains("PRIMARY KEY") }, "\(sparse)")
            let dense = try plan(sparseLimit: 0)
            #expect(dense.contains { $0.contains("member_lastVisit") }, "\(dense)")
            #expect(!dense.contains { $0.contains("TEMP B-TREE") }, "\(dense)")
        }
    }

    /// A database from before word search: the migration gives its members their words.
    @Test func theMigrationIndexesExistingMembers() throws {
        let queue = try AppDatabase.inMemoryQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v2-member-alias")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO member(memberId, passId, username, timeStampAdded, fields, modifiedAt, modifiedBy, deletedAt)
                VALUES ('A', '04AA', 'Émile Zola', 1, '{"userEmailAddress":"ez@paris.example"}', 1, 'T', NULL),
                       ('B', '04BB', 'Émile Gone', 1, '{}', 1, 'T', 5)
                """)
        }
        let database = try AppDatabase.wrapping(queue)
        #expect(try database.members(matching: "emile").map(\.memberId) == ["A"])
        #expect(try database.members(matching: "paris").map(\.memberId) == ["A"])
        #expect(try database.members(matching: "04bb").isEmpty)  // a tombstone is not searched
    }
}
