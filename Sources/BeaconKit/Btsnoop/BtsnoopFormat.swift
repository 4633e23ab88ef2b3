/// The btsnoop file format (what `btmon -w` and Android write), version 1:
/// a 16-byte header ("btsnoop\0", version, datalink, all big-endian), then records of
/// original length, included length, flags, cumulative drops (4 bytes each), a timestamp
/// (8 bytes, microseconds since 0 AD) and the packet bytes.
public enum BtsnoopDatalink: UInt32, Sendable, CustomStringConvertible {
    /// Unencapsulated HCI: the flags say which packets are events.
    case hci = 1001
    /// H4 (UART): each packet starts with its type byte (0x04 for an event).
    case h4 = 1002
    /// The Linux monitor (btmon): the flags carry the adapter index and an opcode.
    case monitor = 2001

    public var description: String {
        switch self {
        case .hci: return "HCI (1001)"
        case .h4: return "H4 (1002)"
        case .monitor: return "Linux monitor (2001)"
        }
    }
}

public enum BtsnoopFormat {
    public static let magic: [UInt8] = Array("btsnoop".utf8) + [0]
    public static let headerSize = 16
    public static let recordHeaderSize = 24
    /// Records longer than this are not HCI packets: the file is damaged.
    public static let maximumRecordLength = 1 << 17
    /// btsnoop time is microseconds since midnight, 1 January 0 AD; this is 1 January 2000.
    public static let year2000: Int64 = 0x00E0_3AB4_4A67_6000
    public static let unixYear2000Micros: Int64 = 946_684_800_000_000

    /// Monitor opcodes (flags & 0xFFFF on datalink 2001).
    public static let monitorNewIndex: UInt16 = 0
    public static let monitorCommand: UInt16 = 2
    public static let monitorEvent: UInt16 = 3

    public static let h4Command: UInt8 = 0x01
    public static let h4Event: UInt8 = 0x04

    @inline(__always)
    public static func unixMicros(fromBtsnoop value: Int64) -> Int64 {
        value &- year2000 &+ unixYear2000Micros
    }

    public static func btsnoopTime(fromUnixMicros value: Int64) -> Int64 {
        value - unixYear2000Micros + year2000
    }
}
