import Foundation
import GRDB
import GRDBSQLite

/// Reading and writing members for sync without Foundation's JSONDecoder in the loop: a
/// million rows go through here, so fields are parsed with the streaming parser.
enum SyncRows {
    static let memberColumns = "memberId, passId, username, timeStampAdded, numVisits, timeStampOfLastVisit, fields, "
        + "status, expiresAt, note, modifiedAt, modifiedBy, deletedAt, passSince"
    /// Columns selected after `memberColumns` start here.
    static let afterMemberColumns: Int32 = 14

    /// A member from a row selected with `memberColumns` (in that order).
    static func record(_ row: Row) -> MemberRecord {
        let fieldsText: String = row[6] ?? "{}"
        return MemberRecord(
            memberId: row[0], passId: row[1], username: row[2], timeStampAdded: row[3], numVisits: row[4],
            timeStampOfLastVisit: row[5], fields: fields(fieldsText),
            status: MemberStatus(rawValue: row[7] ?? "") ?? .active, expiresAt: row[8], note: row[9],
            modifiedAt: row[10], modifiedBy: row[11], deletedAt: row[12], passSince: row[13])
    }

    /// The same record read through the SQLite C API from a stepped statement (the exporter's
    /// hot path: GRDB's generic Row access costs more than the rest of a member's export).
    static func record(_ statement: OpaquePointer, terminals: RepeatedStrings? = nil) -> MemberRecord {
        func text(_ column: Int32) -> String? {
            guard sqlite3_column_type(statement, column) != SQLITE_NULL, let bytes = sqlite3_column_text(statement, column) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
        func double(_ column: Int32) -> Double? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
        }
        // The fields column is read in place: most rows take the flat-string fast path without a String copy.
        var fieldValues: [String: JSONValue] = [:]
        if let bytes = sqlite3_column_text(statement, 6) {
            let buffer = UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, 6)))
            if buffer.count > 2 {
                fieldValues = flatStringObject(buffer) ?? fields(String(decoding: buffer, as: UTF8.self))
            }
        }
        return MemberRecord(
            memberId: text(0) ?? "", passId: text(1) ?? "", username: text(2), timeStampAdded: double(3) ?? 0,
            numVisits: Int(sqlite3_column_int64(statement, 4)), timeStampOfLastVisit: double(5) ?? 0,
            fields: fieldValues, status: MemberStatus(rawValue: text(7) ?? "") ?? .active,
            expiresAt: double(8), note: text(9), modifiedAt: double(10) ?? 0,
            modifiedBy: terminals?.string(statement, 11) ?? text(11) ?? "", deletedAt: double(12),
            passSince: double(13))
    }

    static func fields(_ text: String) -> [String: JSONValue] {
        if text == "{}" { return [:] }
        if let flat = flatStringObject(text) { return flat }
        var parser = JSONStreamParser(reader: ByteReader(bytes: Array(text.utf8)))
        guard case .object(let object)? = try? parser.parseValue() else { return [:] }
        return object
    }

    /// A fast path for the common fields column: a flat object of plain strings and nulls
    /// (no escapes). Anything else returns nil and goes through the full parser.
    static func flatStringObject(_ text: String) -> [String: JSONValue]? {
        var copy = text
        return copy.withUTF8 { flatStringObject($0) }
    }

    static func flatStringObject(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: JSONValue]? {
        do {
            var index = 0
            let quote = UInt8(ascii: "\"")
            func string() -> String? {
                guard index < bytes.count, bytes[index] == quote else { return nil }
                let start = index + 1
                var end = start
                while end < bytes.count, bytes[end] != quote {
                    if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
                    end += 1
                }
                guard end < bytes.count else { return nil }
                index = end + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            guard bytes.first == UInt8(ascii: "{") else { return nil }
            index = 1
            var object: [String: JSONValue] = [:]
            while true {
                guard let key = string(), index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                if index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
                   bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") {
                    index += 4
                    object[key] = .null
                } else {
                    guard let value = string() else { return nil }
                    object[key] = .string(value)
                }
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") { return index == bytes.count - 1 ? object : nil }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        }
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

    /// Stores a member's visit total (written only when it changed).
    static func refreshTotal(_ db: Database, _ memberId: String, sum: Int) throws {
        try db.cachedStatement(sql: "UPDATE member SET numVisits = ? WHERE memberId = ? AND numVisits != ?")
            .execute(arguments: [sum, memberId, sum])
    }

    static func insert(_ db: Database, _ record: MemberRecord) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO member (\(memberColumns), searchTokens) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: arguments(record))
    }

    static func update(_ db: Database, _ record: MemberRecord) throws {
        let statement = try db.cachedStatement(sql: """
            UPDATE member SET passId = ?2, username = ?3, timeStampAdded = ?4, numVisits = ?5,
                timeStampOfLastVisit = ?6, fields = ?7, status = ?8, expiresAt = ?9, note = ?10,
                modifiedAt = ?11, modifiedBy = ?12, deletedAt = ?13, passSince = ?14, searchTokens = ?15
            WHERE memberId = ?1
            """)
        try statement.execute(arguments: arguments(record))
    }

    private static func arguments(_ r: MemberRecord) -> StatementArguments {
        [r.memberId, r.passId, r.username, r.timeStampAdded, r.numVisits, r.timeStampOfLastVisit, fieldsText(r.fields),
         r.status.rawValue, r.expiresAt, r.note, r.modifiedAt, r.modifiedBy, r.deletedAt, r.passSince,
         SearchTokens.json(of: r)]
    }
}

/// Strings that most rows repeat (terminal ids): the last few are kept with their bytes, so a
/// million rows do not make a million copies of the same few ids.
final class RepeatedStrings {
    private var entries: [(bytes: [UInt8], string: String)] = []
    private var next = 0
    private let capacity = 8

    /// The text of a stepped statement's column (nil when NULL).
    func string(_ statement: OpaquePointer, _ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(statement, column) else { return nil }
        let bytes = UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column)))
        for entry in entries where ByteOrder.compare(entry.bytes, bytes) == 0 { return entry.string }
        let string = String(decoding: bytes, as: UTF8.self)
        if entries.count < capacity {
            entries.append((Array(bytes), string))
        } else {
            entries[next] = (Array(bytes), string)
            next = (next + 1) % capacity
        }
        return string
    }
}

/// SQLite's BINARY order of UTF-8 bytes, by memcmp (the generic sequence comparisons were a
/// tenth of an export's time).
enum ByteOrder {
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return order }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    static func compare(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        a.withUnsafeBufferPointer { compare($0, b) }
    }
}
