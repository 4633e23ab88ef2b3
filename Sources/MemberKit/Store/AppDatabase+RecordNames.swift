import Foundation
import GRDB

extension AppDatabase {
    /// The names of every desk this one knows (itself, and those its sync folder told of), and of
    /// the members `memberIds` (deleted ones too), for `RecordNames`.
    public func recordNames(memberIds: Set<String>) throws -> RecordNames {
        try read { store in
            var desks: [String: String] = [:]
            for row in try Row.fetchAll(store.db, sql: "SELECT terminalId, name FROM sync_terminal WHERE name IS NOT NULL") {
                desks[row[0]] = row[1]
            }
            if let id = try store.terminalId(), let name = try store.setting("terminalName") { desks[id] = name }
            var members: [String: RecordNames.Member] = [:]
            let ids = Array(memberIds)
            // In slices: SQLite takes at most 32,766 arguments a statement.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let slice = Array(ids[start..<min(start + 500, ids.count)])
                let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
                for row in try Row.fetchAll(store.db, sql: "SELECT memberId, username, passId, deletedAt FROM member WHERE memberId IN (\(marks))",
                                            arguments: StatementArguments(slice)) {
                    let deletedAt: Double? = row[3]
                    members[row[0]] = RecordNames.Member(name: row[1], passId: row[2], deleted: deletedAt != nil)
                }
            }
            return RecordNames(desks: desks, members: members)
        }
    }

    /// The members `text` names for the record: a live member by id or pass, else every member,
    /// deleted ones too, with that id or that pass in any case (a deleted member's history).
    public func recordMemberIds(idOrPass text: String) throws -> [String] {
        if let live = try member(idOrPass: text) { return [live.memberId] }
        return try read { store in
            try String.fetchAll(store.db, sql: "SELECT memberId FROM member WHERE memberId = ?1 OR passId = ?1 COLLATE NOCASE",
                                arguments: [text])
        }
    }
}

extension StoreTransaction {
    /// A desk's name as this desk knows it (its own, or from the sync folder), else `desk` and its id's first 8 characters.
    func deskName(terminalId: String) throws -> String {
        var desks: [String: String] = [:]
        if let id = try self.terminalId(), id == terminalId, let name = try setting("terminalName") { desks[id] = name }
        if desks.isEmpty, let name = try String.fetchOne(db, sql: "SELECT name FROM sync_terminal WHERE terminalId = ?", arguments: [terminalId]) {
            desks[terminalId] = name
        }
        return RecordNames(desks: desks).desk(terminalId)
    }
}
