#if canImport(Glibc)
import Glibc
#endif

/// Streams the records of a btsnoop capture through one fixed buffer: no allocation per
/// record, so a million-record file replays at memory speed.
///
/// A capture cut off mid-record (a killed `btmon -w`) ends cleanly with `truncatedTail`
/// set; a damaged header or an impossible record length is a `BtsnoopError`.
public final class BtsnoopReader {
    public let file: String
    public private(set) var datalink: BtsnoopDatalink = .monitor
    /// Records read so far.
    public private(set) var recordCount = 0
    /// True when the file ended inside a record.
    public private(set) var truncatedTail = false

    private var descriptor: Int32 = -1
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    /// File offset of buffer[start], for error messages.
    private var offset = 0
    private var atEOF = false

    public init(path: String, bufferSize: Int = 1 << 22) throws {
        file = path
        buffer = .allocate(byteCount: max(bufferSize, BtsnoopFormat.maximumRecordLength + BtsnoopFormat.recordHeaderSize),
                           alignment: 8)
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        // Once every property is set, a throw still runs deinit, which frees the buffer and descriptor.
        guard descriptor >= 0 else {
            throw BtsnoopError.unreadable(file: path, reason: String(cString: strerror(errno)))
        }
        try readHeader()
    }

    /// A capture held in memory (tests and the fuzzer).
    public init(bytes: [UInt8], name: String = "<memory>") throws {
        file = name
        buffer = .allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { buffer.baseAddress!.copyMemory(from: base, byteCount: source.count) }
        }
        end = bytes.count
        atEOF = true
        try readHeader()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
    }

    private func readHeader() throws {
        try fill(atLeast: BtsnoopFormat.headerSize)
        guard end - start >= BtsnoopFormat.headerSize,
              BtsnoopFormat.magic.indices.allSatisfy({ buffer[start + $0] == BtsnoopFormat.magic[$0] })
        else { throw BtsnoopError.notBtsnoop(file: file) }
        let version = bigEndian32(at: start + 8)
        guard version == 1 else { throw BtsnoopError.unsupportedVersion(file: file, version: version) }
        let type = bigEndian32(at: start + 12)
        guard let link = BtsnoopDatalink(rawValue: type) else {
            throw BtsnoopError.unsupportedDatalink(file: file, datalink: type)
        }
        datalink = link
        consume(BtsnoopFormat.headerSize)
    }

    /// Hands the next record to `body`; false at the end of the capture.
    @inline(__always)
    public func next(_ body: (BtsnoopRecord) throws -> Void) throws -> Bool {
        if end - start < BtsnoopFormat.recordHeaderSize {
            try fill(atLeast: BtsnoopFormat.recordHeaderSize)
            if end - start < BtsnoopFormat.recordHeaderSize {
                truncatedTail = end > start
                return false
            }
        }
        let original = Int(bigEndian32(at: start))
        let included = Int(bigEndian32(at: start + 4))
        guard included <= BtsnoopFormat.maximumRecordLength else {
            throw BtsnoopError.badRecord(file: file, record: recordCount + 1, offset: offset,
                                         reason: "included length \(included) is impossible for an HCI packet")
        }
        let total = BtsnoopFormat.recordHeaderSize + included
        if end - start < total {
            try fill(atLeast: total)
            if end - start < total {
                truncatedTail = true
                return false
            }
        }
        let record = BtsnoopRecord(
            originalLength: original,
            flags: bigEndian32(at: start + 8),
            drops: bigEndian32(at: start + 12),
            timestamp: BtsnoopFormat.unixMicros(fromBtsnoop: Int64(bitPattern: bigEndian64(at: start + 16))),
            data: UnsafeRawBufferPointer(rebasing: buffer[(start + BtsnoopFormat.recordHeaderSize)..<(start + total)]))
        recordCount += 1
        consume(total)
        try body(record)
        return true
    }

    @inline(__always)
    private func consume(_ count: Int) {
        start += count
        offset += count
    }

    /// Makes at least `count` bytes available from `start`, unless the file ends first.
    private func fill(atLeast count: Int) throws {
        guard !atEOF else { return }
        if start > 0 {
            let remaining = end - start
            if remaining > 0 {
                buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: remaining)
            }
            start = 0
            end = remaining
        }
        while end < buffer.count {
            let got = read(descriptor, buffer.baseAddress! + end, buffer.count - end)
            if got < 0 {
                if errno == EINTR { continue }
                throw BtsnoopError.unreadable(file: file, reason: String(cString: strerror(errno)))
            }
            if got == 0 { atEOF = true; break }
            end += got
            if end - start >= count && end >= buffer.count / 2 { break }
        }
    }

    @inline(__always)
    private func bigEndian32(at index: Int) -> UInt32 {
        UInt32(buffer[index]) << 24 | UInt32(buffer[index + 1]) << 16 | UInt32(buffer[index + 2]) << 8 | UInt32(buffer[index + 3])
    }

    @inline(__always)
    private func bigEndian64(at index: Int) -> UInt64 {
        UInt64(bigEndian32(at: index)) << 32 | UInt64(bigEndian32(at: index + 4))
    }
}
