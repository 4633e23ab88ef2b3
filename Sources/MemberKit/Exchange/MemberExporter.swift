import Foundation
import GRDB

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
            let members = try Row.fetchCursor(db, sql: """
                SELECT \(SyncRows.memberColumns.split(separator: ",").map { "m." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")),
                    a.survivorId, a.ownDeletedAt
                FROM member m LEFT JOIN member_alias a ON a.memberId = m.memberId \(live)
                ORDER BY m.memberId
                """)
            let counters = clubKit ? nil : try Row.fetchCursor(db, sql: """
                SELECT memberId, terminalId, count FROM visit_counter ORDER BY memberId
                """)
            var pending: Row? = try counters?.next()?.copy()
            encoder.begin(into: &out)
            var count = 0
            while let row = try members.next() {
                var record = SyncRows.record(row)
                let unifiedInto: String? = row[13]
                // A unified member's file entry carries its real deletion time (nil if it was never deleted).
                if unifiedInto != nil { record.deletedAt = row[14] }
                var memberCounters: [String: Int] = [:]
                // Both cursors walk memberIds in the same (binary) order: advance the counters to this member.
                while let counter = pending, let id: String = counter[0], id <= record.memberId {
                    if id == record.memberId { memberCounters[counter[1]] = counter[2] }
                    pending = try counters?.next()?.copy()
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
