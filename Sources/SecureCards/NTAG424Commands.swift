/// The NTAG 424 DNA command bodies personalising needs (NT4H2421Gx datasheet §10), as bytes.
public enum NTAG424Commands {
    public static let authenticateEV2First: UInt8 = 0x71
    public static let additionalFrame: UInt8 = 0xAF
    public static let changeKey: UInt8 = 0xC4
    public static let changeFileSettings: UInt8 = 0x5F
    public static let getFileSettings: UInt8 = 0xF5
    /// The NDEF file's number in the NDEF application (ISO file id E104).
    public static let ndefFile: UInt8 = 0x02

    /// A native command wrapped in ISO 7816-4: 90 CMD 00 00 Lc data 00.
    public static func wrap(_ command: UInt8, _ data: [UInt8]) -> [UInt8] {
        data.isEmpty ? [0x90, command, 0x00, 0x00, 0x00] : [0x90, command, 0x00, 0x00, UInt8(data.count)] + data + [0x00]
    }

    /// ChangeKey's plain data: for a key other than the one authenticated with, (new XOR old) ‖
    /// version ‖ CRC32(new); for that key itself, new ‖ version.
    public static func changeKeyData(newKey: [UInt8], oldKey: [UInt8], version: UInt8, isAuthenticationKey: Bool) -> [UInt8] {
        if isAuthenticationKey { return newKey + [version] }
        let crc = jamCRC32(newKey)
        return zip(newKey, oldKey).map { $0 ^ $1 } + [version]
            + [UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 24)]
    }

    /// NXP's CRC32: the IEEE 802.3 polynomial, initial value all ones, no final inversion.
    public static func jamCRC32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc
    }
}

/// The NDEF file's settings with Secure Dynamic Messaging: UID and read counter mirrored,
/// encrypted in the PICC data under key `metaReadKey`, and a MAC under `fileReadKey` over the
/// bytes from `macInputOffset` to `macOffset` (none when they are equal).
public struct SDMFileSettings: Sendable, Equatable {
    public var piccDataOffset: Int
    public var macInputOffset: Int
    public var macOffset: Int
    public var metaReadKey: UInt8 = 1
    public var fileReadKey: UInt8 = 2
    /// Who may read the counter with GetFileCounters (F: nobody).
    public var counterRetrievalKey: UInt8 = 0xF

    public init(piccDataOffset: Int, macInputOffset: Int, macOffset: Int) {
        self.piccDataOffset = piccDataOffset
        self.macInputOffset = macInputOffset
        self.macOffset = macOffset
    }

    /// ChangeFileSettings' data: FileOption 40 (SDM on, CommMode plain), access rights
    /// Read free / Write, ReadWrite and Change by key 0 (00 E0), SDMOptions C1 (UID and
    /// counter mirrored, ASCII), SDMAccessRights, then the three 3-byte little-endian offsets.
    public var bytes: [UInt8] {
        [0x40, 0x00, 0xE0, 0xC1, 0xF0 | counterRetrievalKey, metaReadKey << 4 | fileReadKey]
            + Self.offset(piccDataOffset) + Self.offset(macInputOffset) + Self.offset(macOffset)
    }

    /// Reads the bytes `bytes` writes (the virtual tag's side); nil for anything else.
    public init?(parsing data: [UInt8]) {
        guard data.count == 15, data[0] == 0x40, data[3] == 0xC1 else { return nil }
        counterRetrievalKey = data[4] & 0x0F
        metaReadKey = data[5] >> 4
        fileReadKey = data[5] & 0x0F
        func value(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 }
        piccDataOffset = value(6)
        macInputOffset = value(9)
        macOffset = value(12)
    }

    static func offset(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
}

/// The NDEF file a tag is written with: NLEN ‖ one URI record holding the club's URL template
/// (`cards.sun_url`), and where in the file the tag mirrors the PICC data and the MAC.
public struct SUNTemplate: Sendable, Equatable {
    public var file: [UInt8]
    public var settings: SDMFileSettings

    public init(url: String, names: SUNMessage.ParameterNames = SUNMessage.ParameterNames()) throws(SecureCardError) {
        // The values must be placeholders of the right length for the tag to overwrite.
        _ = try SUNMessage(url: url, names: names)
        let prefixes: [(String, UInt8)] = [("https://www.", 0x02), ("http://www.", 0x01), ("https://", 0x04), ("http://", 0x03)]
        let (prefix, code) = prefixes.first { url.hasPrefix($0.0) } ?? ("", 0x00)
        let rest = Array(url.utf8.dropFirst(prefix.utf8.count))
        let payload = [code] + rest
        guard payload.count < 240 else { throw .protocolError("cards.sun_url is too long for one NDEF record (\(url.utf8.count) bytes)") }
        let message: [UInt8] = [0xD1, 0x01, UInt8(payload.count), 0x55] + payload
        file = [UInt8(message.count >> 8), UInt8(message.count & 0xFF)] + message
        // Offsets in the file: NLEN (2) + record header (4) + prefix code (1) + position in `rest`.
        let base = 7
        func valueOffset(_ name: String) throws(SecureCardError) -> Int {
            let needle = Array((name + "=").utf8)
            guard let query = rest.firstIndex(of: UInt8(ascii: "?")) else { throw .missingParameter(name) }
            var index = query + 1
            while index + needle.count <= rest.count {
                if Array(rest[index..<(index + needle.count)]) == needle,
                   rest[index - 1] == UInt8(ascii: "?") || rest[index - 1] == UInt8(ascii: "&") {
                    return base + index + needle.count
                }
                index += 1
            }
            throw .missingParameter(name)
        }
        let macOffset = try valueOffset(names.mac)
        settings = SDMFileSettings(piccDataOffset: try valueOffset(names.piccData), macInputOffset: macOffset, macOffset: macOffset)
    }
}
