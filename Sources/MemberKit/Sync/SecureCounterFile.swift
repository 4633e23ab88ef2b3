import Foundation

/// `sun-counters.json` in a desk's subfolder: the SUN reads that desk accepted, per tag (its
/// highest counter and the last few; see `SecureCounterEntry`). Read from another desk, every
/// entry is checked: a UID in hex, a 24-bit counter, recent counters not above it. Format 2 adds
/// `carried`: the entries of the desks the file's desk took over, under each one's id.
package enum SecureCounterFile {
    static let fileName = "sun-counters.json"

    struct Entry: Codable, Equatable {
        var uid: String
        var counter: UInt32
        var recent: [UInt32]
    }

    struct Contents: Codable, Equatable {
        var format: Int?
        var terminalId: String
        var counters: [Entry]
        /// Per desk this one carries, that desk's entries (`SideFileFormat`).
        var carried: [String: [Entry]]?
    }

    /// `carried`: the entries of the desks this one took over, by desk (none: a format-1 file).
    package static func bytes(terminalId: String, _ entries: [SecureCounterEntry], carried: [String: [SecureCounterEntry]] = [:]) -> [UInt8] {
        func lines(_ entries: [SecureCounterEntry]) -> [Entry] { entries.map { Entry(uid: $0.uid, counter: $0.counter, recent: $0.recent) } }
        let contents = Contents(format: SideFileFormat.format(carrying: carried), terminalId: terminalId, counters: lines(entries),
                                carried: carried.isEmpty ? nil : carried.mapValues(lines))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(contents)) ?? Data("{}".utf8)) + [0x0A]
    }

    /// The entries in a file from `terminalId`'s subfolder (its own, then those it carries, each
    /// with the desk it is listed under), or a one-line reason to refuse the whole file.
    package static func parse(_ bytes: [UInt8], from terminalId: String, path: String) throws -> [SecureCounterEntry] {
        guard bytes.count <= 64 << 20 else { throw SyncError.badFile(path, "larger than 64 MB") }
        let contents: Contents
        do { contents = try JSONDecoder().decode(Contents.self, from: Data(bytes)) } catch {
            throw SyncError.badFile(path, "not a SUN counters file")
        }
        guard contents.terminalId == terminalId else { throw SyncError.badFile(path, "written for another desk") }
        try SideFileFormat.check(format: contents.format, carried: contents.carried, writer: terminalId, path: path)
        let lists = [(terminalId, contents.counters)] + (contents.carried ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return try lists.flatMap { desk, entries in
            // A tag once per desk: two desks' entries for one tag are two registers.
            var seen = Set<String>()
            return try entries.map { try counter($0, of: desk, seen: &seen, path: path) }
        }
    }

    private static func counter(_ entry: Entry, of desk: String, seen: inout Set<String>, path: String) throws -> SecureCounterEntry {
        let hexDigits = entry.uid.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }
        guard hexDigits, entry.uid.utf8.count % 2 == 0, (8...20).contains(entry.uid.utf8.count) else {
            throw SyncError.badFile(path, "a tag's UID is not uppercase hex of 4 to 10 bytes")
        }
        guard seen.insert(entry.uid).inserted else { throw SyncError.badFile(path, "tag \(entry.uid) twice") }
        guard entry.counter <= 0xFF_FFFF, entry.recent.allSatisfy({ $0 <= entry.counter }),
              entry.recent.count <= SecureCounterEntry.recentKept else {
            throw SyncError.badFile(path, "tag \(entry.uid): counters out of range")
        }
        return SecureCounterEntry(uid: entry.uid, terminalId: desk, counter: entry.counter, recent: entry.recent)
    }
}
