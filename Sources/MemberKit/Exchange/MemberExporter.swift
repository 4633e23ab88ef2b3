import Foundation
import GRDB
import GRDBSQLite

/// Streams the member table into an exchange file: one read transaction, GRDB cursors over
/// the members and their counters (both in memberId order), and a buffer flushed every 1 MB.
public struct MemberExporter: Sendable {
    public let database: AppDatabase
    /// The member type's fields (`variableNamesAsStrings()`), which become columns/keys after ClubKit's six.
    public let memberFields: [String]

    public init(database: AppDatabase, memberFields: [String] = CustomMembershipUser.variableNamesAsStrings()) {
        self.database = database
        self.memberFields = memberFields
    }

    /// Writes every member (with tombstones, unless `clubKit`) to `path`, atomically.
    /// `progress` gets (members written, total). Returns the number of members written.
    @discardableResult
    public func export(to path: String, format: ExchangeFormat, clubKit: Bool = false,
                       progress: ((Int, Int) -> Void)? = nil) throws -> Int {
        let file = try AtomicFileWriter(path: path)
        do {
            let count = try write(format: format, clubKit: clubKit, progress: progress) { try file.write($0) }
            try file.commit()
            return count
        } catch {
            file.discard()
            throw error
        }
    }

    /// The whole export in memory, for tests and small lists.
    public func exportBytes(format: ExchangeFormat, clubKit: Bool = false) throws -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try write(format: format, clubKit: clubKit, progress: nil) { bytes.append(contentsOf: $0) }
        return bytes
    }

    func write(format: ExchangeFormat, clubKit: Bool, progress: ((Int, Int) -> Void)?,
               sink: ([UInt8]) throws -> Void) throws -> Int {
        var encoder = format.encoder(subclassFields: memberFields, clubKit: clubKit)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20 + 4096)
        return try database.read { db in
            let live = clubKit ? "WHERE m.deletedAt IS NULL" : ""
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM member m \(live)") ?? 0
            let members = try db.makeStatement(sql: """
                SELECT \(SyncRows.memberColumns.split(separator: ",").map { "m." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")),
                    a.survivorId, a.ownDeletedAt
                FROM member m LEFT JOIN member_alias a ON a.memberId = m.memberId \(live)
                ORDER BY m.memberId
                """)
            let counters = clubKit ? nil : try db.makeStatement(sql: """
                SELECT memberId, terminalId, count FROM visit_counter ORDER BY memberId
                """)
            let rows = members.sqliteStatement
            func step(_ statement: OpaquePointer?) throws -> Bool {
                guard let statement else { return false }
                switch sqlite3_step(statement) {
                case SQLITE_ROW: return true
                case SQLITE_DONE: return false
                default: throw DeskError.database(String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
            }
            func text(_ statement: OpaquePointer, _ column: Int32) -> String {
                guard let bytes = sqlite3_column_text(statement, column) else { return "" }
                return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
            }
            let counterRows = counters?.sqliteStatement
            let terminals = RepeatedStrings()
            // Whether the counter cursor stands on a row.
            var pending = try step(counterRows)
            encoder.begin(into: &out)
            var count = 0
            while try step(rows) {
                var record = SyncRows.record(rows, terminals: terminals)
                let aliasColumn = SyncRows.afterMemberColumns
                let unifiedInto: String? = sqlite3_column_type(rows, aliasColumn) == SQLITE_NULL ? nil : text(rows, aliasColumn)
                // A unified member's file entry carries its real deletion time (nil if it was never deleted).
                if unifiedInto != nil {
                    record.deletedAt = sqlite3_column_type(rows, aliasColumn + 1) == SQLITE_NULL
                        ? nil : sqlite3_column_double(rows, aliasColumn + 1)
                }
                var memberCounters: [String: Int] = [:]
                // Both statements walk memberIds in the same (binary) order: advance the counters to
                // this member, comparing the UTF-8 bytes in place (SQLite orders by bytes).
                var memberId = record.memberId
                try memberId.withUTF8 { member in
                    while pending, let counterRows {
                        let counter = UnsafeBufferPointer(start: sqlite3_column_text(counterRows, 0),
                                                          count: Int(sqlite3_column_bytes(counterRows, 0)))
                        let order = ByteOrder.compare(counter, member)
                        let same = order == 0
                        guard order <= 0 else { break }
                        if same, let terminal = terminals.string(counterRows, 1) {
                            memberCounters[terminal] = Int(sqlite3_column_int64(counterRows, 2))
                        }
                        pending = try step(counterRows)
                    }
                }
                var member = ExchangeMember(record: record, counters: memberCounters, unifiedInto: unifiedInto)
                member.record.numVisits = record.numVisits  // the stored total (the class sum for a survivor)
                encoder.encode(member, into: &out)
                count += 1
                if out.count >= 1 << 20 {
                    try sink(out)
                    out.removeAll(keepingCapacity: true)
                    progress?(count, total)
                }
            }
            encoder.end(into: &out)
            try sink(out)
            progress?(count, total)
            return count
        }
    }
}
