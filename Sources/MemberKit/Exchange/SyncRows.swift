import Foundation
import GRDB

/// Reading and writing members for sync without Foundation's JSONDecoder in the loop: a
/// million rows go through here, so fields are parsed with the streaming parser.
enum SyncRows {
    static let memberColumns = "memberId, passId, username, timeStampAdded, numVisits, timeStampOfLastVisit, fields, "
        + "status, expiresAt, note, modifiedAt, modifiedBy, deletedAt"

    /// A member from a row selected with `memberColumns` (in that order).
    static func record(_ row: Row) -> MemberRecord {
        let fieldsText: String = row[6] ?? "{}"
        return MemberRecord(
            memberId: row[0], passId: row[1], username: row[2], timeStampAdded: row[3], numVisits: row[4],
            timeStampOfLastVisit: row[5], fields: fields(fieldsText),
            status: MemberStatus(rawValue: row[7] ?? "") ?? .active, expiresAt: row[8], note: row[9],
            modifiedAt: row[10], modifiedBy: row[11], deletedAt: row[12])
    }

    static func fields(_ text: String) -> [String: JSONValue] {
        var parser = JSONStreamParser(reader: ByteReader(bytes: Array(text.utf8)))
        guard case .object(let object)? = try? parser.parseValue() else { return [:] }
        return object
    }

    static func fieldsText(_ fields: [String: JSONValue]) -> String {
        var out: [UInt8] = []
        JSONWriter.append(.object(fields), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func member(_ db: Database, memberId: String) throws -> MemberRecord? {
        let statement = try db.cachedStatement(sql: "SELECT \(memberColumns) FROM member WHERE memberId = ?")
        return try Row.fetchOne(statement, arguments: [memberId]).map(record)
    }

    static func counters(_ db: Database, memberId: String) throws -> [String: Int] {
        let statement = try db.cachedStatement(sql: "SELECT terminalId, count FROM visit_counter WHERE memberId = ?")
        var counters: [String: Int] = [:]
        let rows = try Row.fetchCursor(statement, arguments: [memberId])
        while let row = try rows.next() { counters[row[0]] = row[1] }
        return counters
    }

    /// The member this one is unified into, and its real deletion time.
    static func alias(_ db: Database, memberId: String) throws -> (survivorId: String, ownDeletedAt: Double?)? {
        let statement = try db.cachedStatement(sql: "SELECT survivorId, ownDeletedAt FROM member_alias WHERE memberId = ?")
        return try Row.fetchOne(statement, arguments: [memberId]).map { ($0[0], $0[1]) }
    }

    static func ownSum(_ db: Database, _ memberId: String) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT coalesce(sum(count), 0) FROM visit_counter WHERE memberId = ?"),
                         arguments: [memberId]) ?? 0
    }

    /// A member's visits with those of the members unified into it.
    static func classSum(_ db: Database, _ memberId: String) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: """
            SELECT coalesce(sum(count), 0) FROM visit_counter
            WHERE memberId = ?1 OR memberId IN (SELECT memberId FROM member_alias WHERE survivorId = ?1)
            """), arguments: [memberId]) ?? 0
    }

    static func insert(_ db: Database, _ record: MemberRecord) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO member (\(memberColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: arguments(record))
    }

    static func update(_ db: Database, _ record: MemberRecord) throws {
        let statement = try db.cachedStatement(sql: """
            UPDATE member SET passId = ?2, username = ?3, timeStampAdded = ?4, numVisits = ?5,
                timeStampOfLastVisit = ?6, fields = ?7, status = ?8, expiresAt = ?9, note = ?10,
                modifiedAt = ?11, modifiedBy = ?12, deletedAt = ?13
            WHERE memberId = ?1
            """)
        try statement.execute(arguments: arguments(record))
    }

    private static func arguments(_ r: MemberRecord) -> StatementArguments {
        [r.memberId, r.passId, r.username, r.timeStampAdded, r.numVisits, r.timeStampOfLastVisit, fieldsText(r.fields),
         r.status.rawValue, r.expiresAt, r.note, r.modifiedAt, r.modifiedBy, r.deletedAt]
    }
}
