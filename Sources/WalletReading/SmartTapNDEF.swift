/// One NDEF record as Smart Tap nests them (NFC Forum NDEF 1.0): a header byte (MB, ME, CF, SR, IL,
/// TNF), the type length, a one-byte (SR) or four-byte payload length, the id length (IL), then
/// type, id and payload. Smart Tap names its records by a short type (`ngr`, `ses`, `reb` …),
/// in the type field for external records (TNF 4) and in the id field for well-known ones.
/// Chunked records (CF) are not used by Smart Tap and are refused.
public struct SmartTapRecord: Sendable, Equatable {
    public var tnf: UInt8
    public var type: [UInt8]
    public var id: [UInt8]
    public var payload: [UInt8]

    /// TNF 4: an NFC Forum external type, as Smart Tap's own records are.
    public init(_ name: String, payload: [UInt8], tnf: UInt8 = 4, id: [UInt8] = []) {
        self.init(tnf: tnf, type: Array(name.utf8), id: id, payload: payload)
    }

    public init(tnf: UInt8, type: [UInt8], id: [UInt8], payload: [UInt8]) {
        self.tnf = tnf
        self.type = type
        self.id = id
        self.payload = payload
    }

    /// Whether the record is the one Smart Tap calls `name` (by type, or by id).
    public func isNamed(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return type == bytes || id == bytes
    }

    /// The payload read as a nested NDEF message.
    public func nested() throws(WalletReadingError) -> [SmartTapRecord] { try Self.parse(payload) }

    /// The longest payload we accept: a phone's answers are a few hundred bytes.
    public static let maximumPayload = 0xFFFF

    /// The records of an NDEF message. Empty input, a cut record, a chunked one or a length past
    /// the end is malformed.
    public static func parse(_ bytes: [UInt8]) throws(WalletReadingError) -> [SmartTapRecord] {
        guard !bytes.isEmpty else { throw .malformedNDEF("an empty NDEF message") }
        var records: [SmartTapRecord] = []
        var offset = 0
        while offset < bytes.count {
            let header = bytes[offset]
            let shortRecord = header & 0x10 != 0, hasId = header & 0x08 != 0
            guard header & 0x20 == 0 else { throw .malformedNDEF("a chunked record at byte \(offset)") }
            let fieldsCount = 2 + (shortRecord ? 0 : 3) + (hasId ? 1 : 0)
            guard bytes.count - offset > fieldsCount else { throw .malformedNDEF("a record header cut off at byte \(offset)") }
            var cursor = offset + 1
            let typeCount = Int(bytes[cursor]); cursor += 1
            var payloadCount = 0
            for _ in 0..<(shortRecord ? 1 : 4) { payloadCount = payloadCount << 8 | Int(bytes[cursor]); cursor += 1 }
            let idCount = hasId ? Int(bytes[cursor]) : 0
            if hasId { cursor += 1 }
            guard payloadCount <= maximumPayload, typeCount + idCount + payloadCount <= bytes.count - cursor else {
                throw .malformedNDEF("a record at byte \(offset) says \(typeCount + idCount + payloadCount) bytes, \(bytes.count - cursor) remain")
            }
            let type = Array(bytes[cursor..<(cursor + typeCount)]); cursor += typeCount
            let id = Array(bytes[cursor..<(cursor + idCount)]); cursor += idCount
            let payload = Array(bytes[cursor..<(cursor + payloadCount)]); cursor += payloadCount
            records.append(SmartTapRecord(tnf: header & 0x07, type: type, id: id, payload: payload))
            offset = cursor
            if header & 0x40 != 0 { break }  // ME: what follows the message's last record is not ours
        }
        return records
    }

    /// Records as one NDEF message (MB on the first, ME on the last; short records where they fit).
    public static func encode(_ records: [SmartTapRecord]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, record) in records.enumerated() {
            let shortRecord = record.payload.count < 0x100
            var header = record.tnf & 0x07
            if index == 0 { header |= 0x80 }
            if index == records.count - 1 { header |= 0x40 }
            if shortRecord { header |= 0x10 }
            if !record.id.isEmpty { header |= 0x08 }
            bytes.append(header)
            bytes.append(UInt8(record.type.count))
            let count = record.payload.count
            bytes += shortRecord ? [UInt8(count)] : [UInt8(count >> 24 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
            if !record.id.isEmpty { bytes.append(UInt8(record.id.count)) }
            bytes += record.type + record.id + record.payload
        }
        return bytes
    }

    /// The first record named `name` among `records`, or a malformed answer naming what lacks it.
    public static func first(_ name: String, in records: [SmartTapRecord], of what: String) throws(WalletReadingError) -> SmartTapRecord {
        guard let found = records.first(where: { $0.isNamed(name) }) else {
            throw .malformedAnswer("\(what): no `\(name)` record")
        }
        return found
    }
}
