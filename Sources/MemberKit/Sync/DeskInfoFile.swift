import Foundation

/// `desk.json` in a terminal's subfolder: `{"terminalId": "...", "name": "..."}`, so that other
/// desks can show a name rather than an id. Untrusted when read: at most 4 KB, and a name is
/// kept only when it is short, printable text.
enum DeskInfoFile {
    static let maximumBytes = 4096

    static func bytes(_ terminal: TerminalIdentity) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.append(.object(["terminalId": .string(terminal.id), "name": .string(terminal.name)]), to: &out)
        out.append(0x0A)
        return out
    }

    /// The name in `bytes`, or nil when there is none worth showing.
    static func name(in bytes: [UInt8]) -> String? {
        guard bytes.count <= maximumBytes else { return nil }
        var parser = JSONStreamParser(reader: ByteReader(bytes: bytes))
        guard case .object(let object)? = try? parser.parseValue(), case .string(let name)? = object["name"] else { return nil }
        let clean = name.trimmingCharacters(in: .whitespaces)
        guard !clean.isEmpty, clean.count <= 80, !clean.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return nil
        }
        return clean
    }

    /// Reads `path` without following a symlink; nil when it is missing, too large or not ours.
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maximumBytes else { return nil }
        var buffer = [UInt8](repeating: 0, count: maximumBytes + 1)
        let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return name(in: Array(buffer.prefix(count)))
    }
}
