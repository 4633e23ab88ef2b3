import Foundation
import GRDB

extension MemberRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "member"

    /// The columns a record maps to (the table's `id` is internal, for the search index).
    public static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }

    public init(row: Row) throws {
        let fieldsText: String = row["fields"] ?? "{}"
        // Most members have no subclass fields: skip the decoder on the hot check-in path.
        let fields = fieldsText == "{}" ? [:]
            : (try? JSONDecoder().decode([String: JSONValue].self, from: Data(fieldsText.utf8))) ?? [:]
        self.init(
            memberId: row["memberId"], passId: row["passId"], username: row["username"],
            timeStampAdded: row["timeStampAdded"], numVisits: row["numVisits"],
            timeStampOfLastVisit: row["timeStampOfLastVisit"], fields: fields,
            status: MemberStatus(rawValue: row["status"] ?? "") ?? .active, expiresAt: row["expiresAt"],
            note: row["note"], modifiedAt: row["modifiedAt"], modifiedBy: row["modifiedBy"],
            deletedAt: row["deletedAt"], passSince: row["passSince"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        for (name, value) in zip(Self.writtenColumnNames, try columnValues()) { container[name] = value }
    }

    /// The column values, in `writtenColumnNames` order.
    func columnValues() throws -> [DatabaseValue] {
        let fieldsJSON = String(decoding: try JSONEncoder.sortedKeys.encode(fields), as: UTF8.self)
        return [
            memberId.databaseValue, passId.databaseValue, username.databaseValue, timeStampAdded.databaseValue,
            numVisits.databaseValue, timeStampOfLastVisit.databaseValue, fieldsJSON.databaseValue,
            status.rawValue.databaseValue, expiresAt.databaseValue, note.databaseValue, modifiedAt.databaseValue,
            modifiedBy.databaseValue, deletedAt.databaseValue, passSince.databaseValue,
            SearchTokens.json(of: self).databaseValue,
        ]
    }

    /// Saves every column of the member whose memberId matches (the row id is internal).
    public func updateByMemberId(_ db: Database) throws {
        let values = try columnValues()
        let assignments = Self.writtenColumnNames.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")
        try db.execute(sql: "UPDATE member SET \(assignments) WHERE memberId = ?",
                       arguments: StatementArguments(Array(values.dropFirst()) + [values[0]]))
        guard db.changesCount == 1 else { throw DeskError.notFound("no member \(memberId)") }
    }

    static let columnNames = [
        "memberId", "passId", "username", "timeStampAdded", "numVisits", "timeStampOfLastVisit", "fields",
        "status", "expiresAt", "note", "modifiedAt", "modifiedBy", "deletedAt", "passSince",
    ]
    /// What a save writes: the columns, and the words the search index is kept from.
    static let writtenColumnNames = columnNames + ["searchTokens"]
}
