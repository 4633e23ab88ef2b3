import Foundation

/// `desk.json` in a terminal's subfolder:
/// `{"terminalId": "...", "name": "...", "writer": "...", "snapshot": {"through": 4711, "holds": {"<terminalId>": 812, ...}},
///   "tookOver": {"<terminalId>": 812}, "retiredRead": {"<terminalId>": 812}}`.
/// The name lets other desks show a name rather than an id. `snapshot` says how far the desk's
/// latest snapshot holds each other desk's changes, so that a desk far behind, having merged
/// that one snapshot, can skip the others' older snapshots instead of merging every desk's
/// whole list (see docs/sync.md, "Past one machine"). `writer` marks the database that writes
/// here (another mark: two machines share a terminal id). `tookOver` names the retired desks whose
/// members this desk carries (and how far it held them); `retiredRead` how far this desk holds
/// each retired desk, so that any desk can tell when a retired desk's subfolder may go. Untrusted when read: at most 64 KB; a name
/// is kept only when it is short, printable text; a malformed `snapshot` is ignored.
package struct DeskInfoFile: Equatable, Sendable {
    /// Fits a thousand desks' coverage.
    package static let maximumBytes = 65536

    package var terminalId: String?
    package var name: String?
    package var snapshot: SnapshotCoverage?
    package var writer: String?
    package var tookOver: [String: Int64] = [:]
    package var retiredRead: [String: Int64] = [:]

    package init(terminalId: String? = nil, name: String? = nil, snapshot: SnapshotCoverage? = nil, writer: String? = nil,
                tookOver: [String: Int64] = [:], retiredRead: [String: Int64] = [:]) {
        self.terminalId = terminalId
        self.name = name
        self.snapshot = snapshot
        self.writer = writer
        self.tookOver = tookOver
        self.retiredRead = retiredRead
    }

    /// How far the snapshot numbered `through` holds each other terminal's changes.
    package struct SnapshotCoverage: Equatable, Sendable {
        package var through: Int64
        package var holds: [String: Int64]

        package init(through: Int64, holds: [String: Int64]) {
            self.through = through
            self.holds = holds
        }
    }

    package static func bytes(_ terminal: TerminalIdentity, snapshot: SnapshotCoverage?, writer: String? = nil,
                             tookOver: [String: Int64] = [:], retiredRead: [String: Int64] = [:]) -> [UInt8] {
        var object: [String: JSONValue] = ["terminalId": .string(terminal.id), "name": .string(terminal.name)]
        if let snapshot {
            object["snapshot"] = .object(["through": .int(Int(snapshot.through)),
                                          "holds": .object(snapshot.holds.mapValues { .int(Int($0)) })])
        }
        if let writer { object["writer"] = .string(writer) }
        if !tookOver.isEmpty { object["tookOver"] = .object(tookOver.mapValues { .int(Int($0)) }) }
        if !retiredRead.isEmpty { object["retiredRead"] = .object(retiredRead.mapValues { .int(Int($0)) }) }
        var out: [UInt8] = []
        JSONWriter.append(.object(object), to: &out)
        out.append(0x0A)
        return out
    }

    /// What `bytes` says; every part that is missing or malformed is nil.
    package static func parse(_ bytes: [UInt8]) -> DeskInfoFile {
        var info = DeskInfoFile()
        guard bytes.count <= maximumBytes else { return info }
        var parser = JSONStreamParser(reader: ByteReader(bytes: bytes))
        guard case .object(let object)? = try? parser.parseValue() else { return info }
        if case .string(let id)? = object["terminalId"], SyncFolder.isTerminalId(id) { info.terminalId = id }
        if case .string(let name)? = object["name"] {
            let clean = name.trimmingCharacters(in: .whitespaces)
            if !clean.isEmpty, clean.count <= 80, !clean.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                info.name = clean
            }
        }
        if case .object(let snapshot)? = object["snapshot"], let through = sequence(snapshot["through"]),
           case .object(let holds)? = snapshot["holds"] {
            var coverage = SnapshotCoverage(through: through, holds: [:])
            for (terminal, value) in holds {
                guard SyncFolder.isTerminalId(terminal), let covered = sequence(value) else { return info }
                coverage.holds[terminal] = covered
            }
            info.snapshot = coverage
        }
        if case .string(let writer)? = object["writer"], SyncFolder.isTerminalId(writer) { info.writer = writer }
        info.tookOver = sequences(object["tookOver"])
        info.retiredRead = sequences(object["retiredRead"])
        return info
    }

    /// A map of terminal ids to change numbers; a malformed map is dropped whole.
    private static func sequences(_ value: JSONValue?) -> [String: Int64] {
        guard case .object(let map)? = value else { return [:] }
        var result: [String: Int64] = [:]
        for (terminal, value) in map {
            guard SyncFolder.isTerminalId(terminal), let number = sequence(value) else { return [:] }
            result[terminal] = number
        }
        return result
    }

    /// A change number: a whole number from 0 up.
    private static func sequence(_ value: JSONValue?) -> Int64? {
        guard case .int(let number)? = value, number >= 0 else { return nil }
        return Int64(number)
    }

    /// Reads `path` without following a symlink; nil when it is missing, empty, too large or not a file.
    package static func read(_ path: String, files: any SyncFolderFiles) -> DeskInfoFile? {
        guard let bytes = files.read(path, maxBytes: maximumBytes), !bytes.isEmpty else { return nil }
        return parse(bytes)
    }
}
