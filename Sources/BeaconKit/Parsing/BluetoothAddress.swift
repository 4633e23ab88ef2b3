/// A 48-bit device address, kept as an integer so the hot path never builds a String.
/// HCI sends the six bytes least significant first; `description` prints them the usual way.
public struct BluetoothAddress: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue & 0xFFFF_FFFF_FFFF }

    /// From the six little-endian bytes at `offset` (the caller has checked the bounds).
    @inline(__always)
    init(littleEndian buffer: UnsafeRawBufferPointer, at offset: Int) {
        var value: UInt64 = 0
        for index in (0..<6).reversed() { value = value << 8 | UInt64(buffer[offset + index]) }
        rawValue = value
    }

    /// "AA:BB:CC:DD:EE:FF" parsed; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 6 else { return nil }
        var value: UInt64 = 0
        for part in parts {
            guard part.count == 2, let byte = UInt8(part, radix: 16) else { return nil }
            value = value << 8 | UInt64(byte)
        }
        rawValue = value
    }

    public var description: String {
        var text = ""
        text.reserveCapacity(17)
        for index in (0..<6).reversed() {
            let byte = UInt8(truncatingIfNeeded: rawValue >> (UInt64(index) * 8))
            text += Hex.byte(byte, uppercase: true)
            if index > 0 { text += ":" }
        }
        return text
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// Hex formatting without Foundation's String(format:).
enum Hex {
    private static let upper = Array("0123456789ABCDEF".utf8)
    private static let lower = Array("0123456789abcdef".utf8)

    static func byte(_ byte: UInt8, uppercase: Bool) -> String {
        let digits = uppercase ? upper : lower
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }

    static func string<S: Sequence<UInt8>>(_ bytes: S, uppercase: Bool = false) -> String {
        let digits = uppercase ? upper : lower
        var utf8: [UInt8] = []
        for byte in bytes {
            utf8.append(digits[Int(byte >> 4)])
            utf8.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
