import Foundation

/// Reads a file (or bytes) in 64 KB chunks, one byte at a time, counting lines:
/// the decoders stream through it so that neither the file nor the table sits in memory.
package final class ByteReader {
    // Unchecked: the reader is never shared between tasks, and the checks' calls were a fifth
    // of a member's details read (two runtime calls a byte; `memberdesk-bench door-rules` under callgrind).
    @exclusivity(unchecked) private var buffer: [UInt8]
    @exclusivity(unchecked) private var index = 0
    @exclusivity(unchecked) private var end: Int
    private let descriptor: Int32?
    private var finished: Bool
    /// The line of the next byte (1-based).
    @exclusivity(unchecked) package private(set) var line = 1
    /// Bytes consumed so far.
    @exclusivity(unchecked) package private(set) var offset = 0

    package init(bytes: [UInt8]) {
        buffer = bytes
        end = bytes.count
        descriptor = nil
        finished = true
    }

    /// Opens `path` for reading; throws a one-line error naming the file.
    package init(path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw ExchangeError(file: path, message: "cannot open: \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        buffer = [UInt8](repeating: 0, count: 1 << 16)
        end = 0
        finished = false
    }

    /// Reads an open file (the sync reader opens without following symlinks); closes it when done.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer = [UInt8](repeating: 0, count: 1 << 16)
        end = 0
        finished = false
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    private func refill() throws -> Bool {
        guard !finished, let descriptor else { return false }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ByteReadError(line: line, message: "cannot read: \(String(cString: strerror(errno)))")
            }
            index = 0
            end = count
            if count == 0 { finished = true }
            return count > 0
        }
    }

    @inline(__always)
    func peek() throws -> UInt8? {
        if index < end { return buffer[index] }
        return try refill() ? buffer[index] : nil
    }

    @inline(__always)
    public func next() throws -> UInt8? {
        if index >= end, try !refill() { return nil }
        let byte = buffer[index]
        index += 1
        offset += 1
        if byte == 0x0A { line += 1 }
        return byte
    }

    /// Consumes the bytes before the next control byte (below 0x20, so no newline to count) or
    /// one `stop` names, within what is read already, appending them to `out`: a JSON string's
    /// plain run in one copy rather than a byte at a time. The caller reads on with `next()`.
    @inline(__always)
    func appendRun(to out: inout [UInt8], stoppingAt stop: (UInt8) -> Bool) {
        var last = index
        while last < end, buffer[last] >= 0x20, !stop(buffer[last]) { last += 1 }
        guard last > index else { return }
        out.append(contentsOf: buffer[index..<last])
        offset += last - index
        index = last
    }

    /// Skips a UTF-8 byte-order mark if the input starts with one.
    func skipByteOrderMark() throws {
        guard offset == 0, try peek() == 0xEF else { return }
        _ = try next()
        guard try next() == 0xBB, try next() == 0xBF else {
            throw ByteReadError(line: 1, message: "invalid UTF-8 at the start of the file")
        }
    }

    /// The file's size, for progress; nil for in-memory bytes.
    var totalBytes: Int? {
        guard let descriptor else { return end }
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int(info.st_size) : nil
    }
}

extension String {
    /// Builds a string from UTF-8 bytes, or nil when they are not valid UTF-8.
    init?(validUTF8 bytes: [UInt8]) {
        // ASCII, as nearly every key and value is, needs no validating (which cost about a
        // thousand instructions a string); anything else is validated whole.
        if bytes.allSatisfy({ $0 < 0x80 }) {
            self = String(decoding: bytes, as: UTF8.self)
            return
        }
        guard let string = String(validating: bytes, as: UTF8.self) else { return nil }
        self = string
    }
}
