/// One BER-TLV element as ISO 7816-4 and EMV write them (the encoding of VAS and of Smart Tap's
/// outer answers): a tag of one to three bytes (low five bits all set: more tag bytes follow while
/// bit 8 is set), a length (short form, or 81/82/83 and one to three bytes), and the value.
/// A constructed tag (bit 6 of its first byte) holds further elements.
public struct BERTLV: Sendable, Equatable {
    public var tag: UInt32
    public var value: [UInt8]

    public init(tag: UInt32, value: [UInt8]) {
        self.tag = tag
        self.value = value
    }

    /// The longest value we accept: a phone's answers are a few hundred bytes, and a wrong length
    /// must not make us allocate or walk far.
    public static let maximumLength = 0xFFFF

    public var isConstructed: Bool { Self.tagBytes(tag).first.map { $0 & 0x20 != 0 } ?? false }

    /// The elements inside a constructed element.
    public func children() throws(WalletReadingError) -> [BERTLV] {
        guard isConstructed else { return [] }
        return try Self.parse(value)
    }

    /// Every element at the top level of `bytes`. `00` and `FF` between elements are padding.
    public static func parse(_ bytes: [UInt8]) throws(WalletReadingError) -> [BERTLV] {
        var elements: [BERTLV] = []
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] == 0x00 || bytes[offset] == 0xFF { offset += 1; continue }
            var tag = UInt32(bytes[offset])
            offset += 1
            if tag & 0x1F == 0x1F {
                var more = 0
                repeat {
                    guard offset < bytes.count else { throw .malformedTLV("a tag is cut off at byte \(offset)") }
                    more += 1
                    guard more <= 2 else { throw .malformedTLV("a tag longer than three bytes at byte \(offset)") }
                    tag = tag << 8 | UInt32(bytes[offset])
                    offset += 1
                } while tag & 0x80 != 0
            }
            guard offset < bytes.count else { throw .malformedTLV("tag \(hex(tag)) has no length") }
            var length = Int(bytes[offset])
            offset += 1
            if length & 0x80 != 0 {
                let count = length & 0x7F
                guard (1...3).contains(count) else { throw .malformedTLV("tag \(hex(tag)) has a length of \(count) bytes") }
                guard offset + count <= bytes.count else { throw .malformedTLV("tag \(hex(tag))'s length is cut off") }
                length = bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
                offset += count
            }
            guard length <= maximumLength, length <= bytes.count - offset else {
                throw .malformedTLV("tag \(hex(tag)) says \(length) bytes, \(bytes.count - offset) remain")
            }
            elements.append(BERTLV(tag: tag, value: Array(bytes[offset..<(offset + length)])))
            offset += length
        }
        return elements
    }

    /// The first element with this tag, searched depth first through constructed elements.
    public static func find(_ tag: UInt32, in elements: [BERTLV]) throws(WalletReadingError) -> BERTLV? {
        for element in elements {
            if element.tag == tag { return element }
            if element.isConstructed, let found = try find(tag, in: element.children()) { return found }
        }
        return nil
    }

    /// The element as bytes.
    public var encoded: [UInt8] {
        let length: [UInt8]
        switch value.count {
        case ..<0x80: length = [UInt8(value.count)]
        case ..<0x100: length = [0x81, UInt8(value.count)]
        default: length = [0x82, UInt8(value.count >> 8), UInt8(value.count & 0xFF)]
        }
        return Self.tagBytes(tag) + length + value
    }

    static func tagBytes(_ tag: UInt32) -> [UInt8] {
        if tag > 0xFFFF { return [UInt8(tag >> 16), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)] }
        if tag > 0xFF { return [UInt8(tag >> 8), UInt8(tag & 0xFF)] }
        return [UInt8(tag)]
    }

    static func hex(_ tag: UInt32) -> String { tagBytes(tag).map { String(format2: $0) }.joined() }
}

extension String {
    /// Two uppercase hex digits (Foundation-free: this target does no I/O and needs none).
    init(format2 byte: UInt8) {
        let digits = Array("0123456789ABCDEF")
        self = String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}

/// Bytes as uppercase hex, for messages.
public func walletHex(_ bytes: some Sequence<UInt8>) -> String { bytes.map { String(format2: $0) }.joined() }
