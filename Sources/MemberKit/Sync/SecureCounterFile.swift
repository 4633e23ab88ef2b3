import Foundation

/// `sun-counters.json` in a desk's subfolder: the SUN reads that desk accepted, per tag (its
/// highest counter and the last few; see `SecureCounterEntry`). Read from another desk, every
/// entry is checked: a UID in hex, a 24-bit counter, recent counters not above it, the desk's own.
package enum SecureCounterFile {
    static let fileName = "sun-counters.json"

    struct Entry: Codable, Equatable {
        var uid: String
        var counter: UInt32
        var recent: [UInt32]
    }

    struct Contents: Codable, Equatable {
        var terminalId: String
        var counters: [Entry]
    }

    package static func bytes(terminalId: String, _ entries: [SecureCounterEntry]) -> [UInt8] {
        let contents = Contents(terminalId: terminalId, counters: entries.map { Entry(uid: $0.uid, counter: $0.counter, recent: $0.recent) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(contents)) ?? Data("{}".utf8)) + [0x0A]
    }

    /// The entries in a file from `terminalId`'s subfolder, or a one-line reason to refuse the whole file.
    package static func parse(_ bytes: [UInt8], from terminalId: String, path: String) throws -> [SecureCounterEntry] {
        guard bytes.count <= 64 << 20 else { throw SyncError.badFile(path, "larger than 64 MB") }
        let contents: Contents
        do { contents = try JSONDecoder().decode(Contents.self, from: Data(bytes)) } catch {
            throw SyncError.badFile(path, "not a SUN counters file")
        }
        guard contents.terminalId == terminalId else { throw SyncError.badFile(path, "written for another desk") }
        var seen = Set<String>()
        return try contents.counters.map { entry in
            let hexDigits = entry.uid.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }
            guard hexDigits, entry.uid.utf8.count % 2 == 0, (8...20).contains(entry.uid.utf8.count) else {
                throw SyncError.badFile(path, "a tag's UID is not uppercase hex of 4 to 10 bytes")
            }
            guard seen.insert(entry.uid).inserted else { throw SyncError.badFile(path, "tag \(entry.uid) twice") }
            guard entry.counter <= 0xFF_FFFF, entry.recent.allSatisfy({ $0 <= entry.counter }),
                  entry.recent.count <= SecureCounterEntry.recentKept else {
                throw SyncError.badFile(path, "tag \(entry.uid): counters out of range")
            }
            return SecureCounterEntry(uid: entry.uid, terminalId: terminalId, counter: entry.counter, recent: entry.recent)
        }
    }
}
