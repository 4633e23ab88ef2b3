import Foundation

/// `audit-FIRST-LAST.jsonl` in a desk's subfolder: the audit entries that desk wrote, one JSON
/// object a line, by the desk's own row numbers; and `audit-carried-DESK.jsonl`, the entries of a
/// desk it took over (an earlier self, a retired desk), so that they outlive that desk's subfolder.
/// Entries are only ever added where they are read: one already held (the same id) is left as it
/// is, so a file cannot rewrite or delete anything.
package enum AuditSyncFile {
    struct Line: Codable, Equatable {
        var entryId: String
        var time: Double
        var deskId: String
        var desk: String
        var `operator`: String?
        var method: String
        var action: String
        var memberId: String?
        var detail: [String: String]
    }

    /// Entries any desk writes in its files, not only the desk they name: a conflict's entry names
    /// the kept edit's desk, but the desks that met the conflict carry it, so that every desk holds it.
    package static let carriedByAnyDesk: Set<AuditAction> = [.conflict]

    /// `audit-00000000000000000001-00000000000000000042.jsonl`, or nil for any other name.
    package static func name(first: Int64, last: Int64) -> String {
        "audit-" + pad(first) + "-" + pad(last) + ".jsonl"
    }

    package static func range(ofName name: String) -> ClosedRange<Int64>? {
        // Every other name in a desk's subfolder (hundreds of changes files) is declined here, cheaply.
        guard name.utf8.starts(with: "audit-".utf8) else { return nil }
        let parts = name.split(separator: "-")
        guard parts.count == 3, parts[0] == "audit", parts[2].hasSuffix(".jsonl"),
              let first = Int64(parts[1]), let last = Int64(parts[2].dropLast(6)), first <= last,
              name == Self.name(first: first, last: last) else { return nil }
        return first...last
    }

    /// `audit-carried-DESK.jsonl`: every entry of `desk` (a desk this one carries) this desk holds.
    package static func carriedName(of desk: String) -> String { "audit-carried-" + desk + ".jsonl" }

    /// The desk an `audit-carried-DESK.jsonl` name carries, or nil for any other name.
    package static func carriedDesk(ofName name: String) -> String? {
        guard name.utf8.starts(with: "audit-carried-".utf8), name.hasSuffix(".jsonl") else { return nil }
        let desk = String(name.dropFirst(14).dropLast(6))
        return SyncFolder.isTerminalId(desk) ? desk : nil
    }

    /// Whether `name` is one of a desk's audit files (its own entries' or a carried desk's).
    package static func isAuditFile(_ name: String) -> Bool { range(ofName: name) != nil || carriedDesk(ofName: name) != nil }

    private static func pad(_ n: Int64) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }

    package static func bytes(_ entries: [AuditEntry]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out: [UInt8] = []
        for entry in entries {
            let line = Line(entryId: entry.entryId, time: entry.time, deskId: entry.deskId, desk: entry.desk,
                            operator: entry.operator, method: entry.method.rawValue, action: entry.action.rawValue,
                            memberId: entry.memberId, detail: entry.detail)
            out += Array((try? encoder.encode(line)) ?? Data()) + [0x0A]
        }
        return out
    }

    /// The entries of the file `name` in `desk`'s subfolder: its own entries' files hold the
    /// desk's entries, a carried desk's file that desk's (never `desk`'s own: it has its files).
    package static func parse(_ bytes: [UInt8], file name: String, in desk: String, path: String) throws -> [AuditEntry] {
        guard let carried = carriedDesk(ofName: name) else { return try parse(bytes, from: desk, path: path) }
        guard carried != desk else { throw SyncError.badFile(path, "carries its own desk") }
        return try parse(bytes, from: carried, path: path)
    }

    /// The entries of a file of `terminalId`'s entries; a bad line refuses the whole file.
    /// Entries of kinds this memberdesk does not know are skipped (a newer desk's).
    package static func parse(_ bytes: [UInt8], from terminalId: String, path: String) throws -> [AuditEntry] {
        var entries: [AuditEntry] = []
        let decoder = JSONDecoder()
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: true).enumerated() {
            guard let decoded = try? decoder.decode(Line.self, from: Data(line)) else {
                throw SyncError.badFile(path, "line \(number + 1) is not an audit entry")
            }
            guard decoded.deskId == terminalId || AuditAction(rawValue: decoded.action).map(carriedByAnyDesk.contains) == true else {
                throw SyncError.badFile(path, "line \(number + 1): another desk's entry")
            }
            guard !decoded.entryId.isEmpty, decoded.entryId.utf8.count <= 64, decoded.time.isFinite else {
                throw SyncError.badFile(path, "line \(number + 1): bad id or time")
            }
            guard let method = AuditMethod(rawValue: decoded.method), let action = AuditAction(rawValue: decoded.action) else { continue }
            entries.append(AuditEntry(entryId: decoded.entryId, time: decoded.time, deskId: decoded.deskId, desk: decoded.desk,
                                      operator: decoded.operator, method: method, action: action, memberId: decoded.memberId,
                                      detail: decoded.detail))
        }
        return entries
    }
}
