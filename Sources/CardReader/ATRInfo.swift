import Foundation

/// What an ATR says about the card, read as PC/SC part 3 describes contactless cards:
/// storage cards (MIFARE, NTAG ...) carry RID A0 00 00 03 06, a standard byte and a two-byte
/// card name in the historical bytes; ISO 14443-4 cards (DESFire ...) carry their ATS instead.
public struct ATRInfo: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A PC/SC part 3 storage card: `standard` (03 = ISO 14443 A part 3) and `name`.
        case storage(standard: UInt8, name: UInt16)
        case iso14443_4
        case other
    }

    public var bytes: [UInt8]
    public var historicalBytes: [UInt8]
    public var kind: Kind
    /// False when a TCK is present and does not XOR to zero.
    public var checksumValid: Bool

    public init(parsing atr: [UInt8]) throws(ATRError) {
        guard atr.count >= 2 else { throw .tooShort(atr.count) }
        guard atr[0] == 0x3B || atr[0] == 0x3F else { throw .badInitialByte(atr[0]) }
        let historicalCount = Int(atr[1] & 0x0F)
        var next = 2
        var present = atr[1] >> 4
        var protocols: Set<UInt8> = []
        var offersT1AfterT0Header = false
        var level = 0
        // Interface bytes: TA, TB, TC and TD, as flagged; TD flags the next group.
        while true {
            let count = (0..<4).filter { present & (1 << $0) != 0 }.count
            guard next + count <= atr.count else { throw .truncated(atr.count) }
            next += count
            guard present & 0x8 != 0 else { break }
            let td = atr[next - 1]
            protocols.insert(td & 0x0F)
            if level == 0, td == 0x80 { offersT1AfterT0Header = true }
            present = td >> 4
            level += 1
            if level > 8 { throw .tooManyInterfaceBytes }
        }
        let historicalStart = next
        guard historicalStart + historicalCount <= atr.count else { throw .truncated(atr.count) }
        historicalBytes = Array(atr[historicalStart..<(historicalStart + historicalCount)])
        let needsTCK = protocols.contains { $0 != 0 }
        let end = historicalStart + historicalCount
        if needsTCK {
            guard end < atr.count else { throw .truncated(atr.count) }
            checksumValid = atr[1...end].reduce(0, ^) == 0
        } else {
            checksumValid = true
        }
        bytes = atr
        let h = historicalBytes
        if h.count >= 11, h[0] == 0x80, h[1] == 0x4F, h[2] >= 0x0C, Array(h[3..<8]) == [0xA0, 0x00, 0x00, 0x03, 0x06] {
            kind = .storage(standard: h[8], name: UInt16(h[9]) << 8 | UInt16(h[10]))
        } else if offersT1AfterT0Header, protocols.contains(1) {
            kind = .iso14443_4
        } else {
            kind = .other
        }
    }

    /// An ISO 14443-3A storage card (PC/SC part 3 standard 03), whatever its card name. Any
    /// such card may be an NFC Forum Type 2 tag; only the tag can tell (its capability
    /// container), since readers name the same tag differently.
    public var isISO14443_3AStorageCard: Bool {
        if case .storage(0x03, _) = kind { return true }
        return false
    }

    /// For display only: what the ATR calls the card.
    public var cardName: String {
        switch kind {
        case .storage(_, let name): return Self.names[name] ?? "storage card 0x" + String(format: "%04X", name)
        case .iso14443_4: return "ISO 14443-4 card"
        case .other: return "card"
        }
    }

    /// PC/SC part 3's card names (the supplement's table, spelled as pcsc-tools' list does).
    /// Readers report NTAG210–216 as 0x0003: the ATR cannot tell them apart.
    static let names: [UInt16: String] = [
        0x0000: "storage card (no card name)",
        0x0001: "MIFARE Classic 1K", 0x0002: "MIFARE Classic 4K", 0x0003: "MIFARE Ultralight / NTAG21x",
        0x0004: "SLE55R_XXXX", 0x0006: "SR176", 0x0007: "SRI X4K", 0x0008: "AT88RF020",
        0x0009: "AT88SC0204CRF", 0x000A: "AT88SC0808CRF", 0x000B: "AT88SC1616CRF", 0x000C: "AT88SC3216CRF",
        0x000D: "AT88SC6416CRF", 0x000E: "SRF55V10P", 0x000F: "SRF55V02P", 0x0010: "SRF55V10S",
        0x0011: "SRF55V02S", 0x0012: "Tag-it", 0x0013: "LRI512", 0x0014: "ICODE SLI", 0x0015: "TEMPSENS",
        0x0016: "ICODE1", 0x0017: "PicoPass 2K", 0x0018: "PicoPass 2KS", 0x0019: "PicoPass 16K",
        0x001A: "PicoPass 16KS", 0x001B: "PicoPass 16K (8x2)", 0x001C: "PicoPass 16KS (8x2)",
        0x001D: "PicoPass 32KS (16+16)", 0x001E: "PicoPass 32KS (16+8x2)", 0x001F: "PicoPass 32KS (8x2+16)",
        0x0020: "PicoPass 32KS (8x2+8x2)", 0x0021: "LRI64", 0x0022: "ICODE UID", 0x0023: "ICODE EPC",
        0x0024: "LRI12", 0x0025: "LRI128", 0x0026: "MIFARE Mini", 0x0027: "my-d move (SLE 66R01P)",
        0x0028: "my-d NFC (SLE 66RxxP)", 0x0029: "my-d proximity 2 (SLE 66RxxS)",
        0x002A: "my-d proximity enhanced (SLE 55RxxE)", 0x002B: "my-d light (SRF 55V01P)",
        0x002C: "PJM Stack Tag (SRF 66V10ST)", 0x002D: "PJM Item Tag (SRF 66V10IT)", 0x002E: "PJM Light (SRF 66V01ST)",
        0x002F: "Jewel", 0x0030: "Topaz", 0x0031: "AT88SC0104CRF", 0x0032: "AT88SC0404CRF", 0x0033: "AT88RF01C",
        0x0034: "AT88RF04C", 0x0035: "ICODE SLI-X (i-Code SL2)", 0x0036: "MIFARE Plus SL1 2K",
        0x0037: "MIFARE Plus SL1 4K", 0x0038: "MIFARE Plus SL2 2K", 0x0039: "MIFARE Plus SL2 4K",
        0x003A: "MIFARE Ultralight C", 0x003B: "FeliCa", 0x003C: "Melexis Sensor Tag (MLX90129)",
        0x003D: "MIFARE Ultralight EV1",
    ]
}

public enum ATRError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooShort(Int)
    case badInitialByte(UInt8)
    case truncated(Int)
    case tooManyInterfaceBytes

    public var description: String {
        switch self {
        case .tooShort(let n): return "ATR too short (\(n) bytes)"
        case .badInitialByte(let b): return "ATR starts with \(String(format: "%02X", b)), not 3B or 3F"
        case .truncated(let n): return "ATR cut short (\(n) bytes)"
        case .tooManyInterfaceBytes: return "ATR has too many interface byte groups"
        }
    }
}
