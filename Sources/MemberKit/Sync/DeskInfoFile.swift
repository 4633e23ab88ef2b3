import Foundation

/// `desk.json` in a terminal's subfolder:
/// `{"terminalId": "...", "name": "...", "snapshot": {"through": 4711, "holds": {"<terminalId>": 812, ...}}}`.
/// The name lets other desks show a name rather than an id. `snapshot` says how far the desk's
/// latest snapshot holds each other desk's changes, so that a desk far behind, having merged
/// that one snapshot, can skip the others' older snapshots instead of merging every desk's
/// whole list (see docs/sync.md, "Past one machine"). Untrusted when read: at most 64 KB; a name
/// is kept only when it is short, printable text; a malformed `snapshot` is ignored.
public struct DeskInfoFile: Equatable, Sendable {
    /// Fits a thousand desks' coverage.
    public static let maximumBytes = 65536

    public var terminalId: String?
    public var name: String?
    public var snapshot: SnapshotCoverage?

    public init(terminalId: String? = nil, name: String? = nil, snapshot: SnapshotCoverage? = nil) {
        self.terminalId = terminalId
        self.name = name
        self.snapshot = snapshot
    }

    /// How far the snapshot numbered `through` holds each other terminal's changes.
    public struct SnapshotCoverage: Equatable, Sendable {
        public var through: Int64
        public var holds: [String: Int64]

        public init(through: Int64, holds: [String: Int64]) {
            self.through = through
            self.holds = holds
        }
    }

    public static func bytes(_ terminal: TerminalIdentity, snapshot: SnapshotCoverage?) -> [UInt8] {
        var object: [String: JSONValue] = ["terminalId": .string(terminal.id), "name": .string(terminal.name)]
        if let snapshot {
            object["snapshot"] = .object(["through": .int(Int(snapshot.through)),
                                          "holds": .object(snapshot.holds.mapValues { .int(Int($0)) })])
        }
        var out: [UInt8] = []
        JSONWriter.append(.object(object), to: &out)
        out.append(0x0A)
        return out
    }

    /// What `bytes` says; every part that is missing or malformed is nil.
    public static func parse(_ bytes: [UInt8]) -> DeskInfoFile {
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
        return info
    }

    /// A change number: a whole number from 0 up.
    private static func sequence(_ value: JSONValue?) -> Int64? {
        guard case .int(let number)? = value, number >= 0 else { return nil }
        return Int64(number)
    }

    /// Reads `path` without following a symlink; nil when it is missing, too large or not a file.
    public static func read(_ path: String) -> DeskInfoFile? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maximumBytes else { return nil }
        var buffer = [UInt8](repeating: 0, count: maximumBytes + 1)
        var count = 0
        while count < buffer.count {
            let got = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + count, $0.count - count) }
            guard got > 0 else { break }
            count += got
        }
        guard count > 0, count <= maximumBytes else { return nil }
        return parse(Array(buffer.prefix(count)))
    }
}
