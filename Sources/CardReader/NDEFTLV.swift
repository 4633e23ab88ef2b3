import Foundation

/// The TLV blocks of a Type 2 tag's data area (from page 4), as far as the NDEF message.
public enum NDEFTLV {
    public enum Scan: Sendable, Equatable {
        /// The bytes read so far end inside a TLV: read more pages.
        case needMore
        /// The NDEF TLV's value.
        case message([UInt8])
        /// A terminator, or the end of the area, before any NDEF TLV: the tag holds no message.
        case noMessage
    }

    static let null: UInt8 = 0x00, ndef: UInt8 = 0x03, terminator: UInt8 = 0xFE

    /// Scans the data area read so far. `areaSize` (from the capability container) bounds
    /// every length, so a bad length can never make us read past the tag.
    public static func scan(_ bytes: [UInt8], areaSize: Int) throws(NDEFError) -> Scan {
        let limit = min(bytes.count, areaSize)
        var offset = 0
        while offset < limit {
            let tag = bytes[offset]
            if tag == null { offset += 1; continue }
            if tag == terminator { return .noMessage }
            // Length: one byte, or 0xFF and two more.
            guard offset + 1 < limit else { return try more(bytes, areaSize, offset) }
            var length = Int(bytes[offset + 1])
            var valueStart = offset + 2
            if length == 0xFF {
                guard offset + 3 < limit else { return try more(bytes, areaSize, offset) }
                length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                valueStart = offset + 4
            }
            guard valueStart + length <= areaSize else {
                throw .tlvTooLong(length: length, available: max(0, areaSize - valueStart))
            }
            guard valueStart + length <= limit else { return .needMore }
            if tag == ndef {
                return length == 0 ? .noMessage : .message(Array(bytes[valueStart..<(valueStart + length)]))
            }
            offset = valueStart + length
        }
        return bytes.count < areaSize ? .needMore : .noMessage
    }

    /// A TLV header cut off: more to read, or malformed at the end of the area.
    private static func more(_ bytes: [UInt8], _ areaSize: Int, _ offset: Int) throws(NDEFError) -> Scan {
        guard bytes.count < areaSize else { throw .truncatedTLV(offset: offset) }
        return .needMore
    }
}
