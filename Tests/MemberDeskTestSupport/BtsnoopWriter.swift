import Foundation

/// Writes btsnoop captures, as `btmon -w` (datalink 2001) or an H4 sniffer / Android (1002)
/// would: the fixtures that beacon tests and demos replay. Deliberately independent of
/// BeaconKit's reader, so a test that round-trips through both checks two implementations.
public struct BtsnoopWriter {
    public enum Datalink: UInt32, Sendable, CaseIterable {
        case h4 = 1002
        case monitor = 2001
    }

    public let datalink: Datalink
    public private(set) var bytes: [UInt8] = []
    public private(set) var recordCount = 0

    /// btsnoop time is microseconds since 1 January 0 AD; this constant is 1 January 2000.
    static let year2000: Int64 = 0x00E0_3AB4_4A67_6000
    static let unixYear2000Micros: Int64 = 946_684_800_000_000

    public init(datalink: Datalink, start: Date = Date(timeIntervalSince1970: 1_767_225_600), reserve: Int = 0) {
        self.datalink = datalink
        bytes.reserveCapacity(16 + reserve)
        bytes += Array("btsnoop".utf8) + [0]
        Self.put32(1, into: &bytes)
        Self.put32(datalink.rawValue, into: &bytes)
        if datalink == .monitor {
            // New Index for hci0: type primary, bus USB, address, name. btmon expects it before packets.
            var payload: [UInt8] = [0x00, 0x01, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11]
            payload += Array("hci0".utf8) + [0, 0, 0, 0]
            appendRecord(payload, flags: 0, micros: Self.micros(start))
        }
    }

    static func micros(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000_000).rounded()) }

    /// An HCI event from the controller (event code, parameter length, parameters).
    public mutating func appendEvent(_ event: [UInt8], at time: Date) {
        appendEvent(event, micros: Self.micros(time))
    }

    public mutating func appendEvent(_ event: [UInt8], micros: Int64) {
        switch datalink {
        case .h4: appendRecord([0x04] + event, flags: 0x03, micros: micros)
        case .monitor: appendRecord(event, flags: 3, micros: micros)
        }
    }

    /// An HCI command to the controller (opcode, parameter length, parameters).
    public mutating func appendCommand(_ command: [UInt8], at time: Date) {
        switch datalink {
        case .h4: appendRecord([0x01] + command, flags: 0x02, micros: Self.micros(time))
        case .monitor: appendRecord(command, flags: 2, micros: Self.micros(time))
        }
    }

    /// A raw record: for malformed-capture tests.
    public mutating func appendRecord(_ data: [UInt8], flags: UInt32, micros: Int64,
                                      originalLength: Int? = nil, includedLength: Int? = nil) {
        Self.put32(UInt32(originalLength ?? data.count), into: &bytes)
        Self.put32(UInt32(includedLength ?? data.count), into: &bytes)
        Self.put32(flags, into: &bytes)
        Self.put32(0, into: &bytes)
        let stamp = UInt64(bitPattern: micros - Self.unixYear2000Micros + Self.year2000)
        Self.put32(UInt32(stamp >> 32), into: &bytes)
        Self.put32(UInt32(truncatingIfNeeded: stamp), into: &bytes)
        bytes += data
        recordCount += 1
    }

    public func write(to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func put32(_ value: UInt32, into bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }
}

/// Advertising payloads and the HCI events that carry them, built byte by byte from the specs.
public enum AdvertisingFixture {
    /// One advertiser heard once.
    public struct Report: Sendable {
        public var address: String
        public var rssi: Int8
        public var data: [UInt8]
        public var randomAddress: Bool
        public init(address: String, rssi: Int8, data: [UInt8], randomAddress: Bool = false) {
            self.address = address
            self.rssi = rssi
            self.data = data
            self.randomAddress = randomAddress
        }
    }

    static let flags: [UInt8] = [0x02, 0x01, 0x06]

    /// "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0" → 16 bytes.
    public static func uuidBytes(_ text: String) -> [UInt8] {
        hexBytes(text.replacingOccurrences(of: "-", with: ""))
    }

    public static func hexBytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    static func bigEndian(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// Apple's iBeacon: manufacturer data, company 0x004C, type 0x02, length 0x15.
    public static func iBeacon(uuid: String, major: UInt16, minor: UInt16, measuredPower: Int8 = -59) -> [UInt8] {
        flags + [0x1A, 0xFF, 0x4C, 0x00, 0x02, 0x15] + uuidBytes(uuid) + bigEndian(major) + bigEndian(minor)
            + [UInt8(bitPattern: measuredPower)]
    }

    /// AltBeacon: manufacturer data, beacon code 0xBEAC, 20-byte id, reference RSSI, reserved byte.
    public static func altBeacon(uuid: String, major: UInt16, minor: UInt16, referenceRSSI: Int8 = -59,
                                 company: UInt16 = 0x0118) -> [UInt8] {
        flags + [0x1B, 0xFF, UInt8(company & 0xFF), UInt8(company >> 8), 0xBE, 0xAC] + uuidBytes(uuid)
            + bigEndian(major) + bigEndian(minor) + [UInt8(bitPattern: referenceRSSI), 0x00]
    }

    static func eddystone(_ frame: [UInt8]) -> [UInt8] {
        flags + [0x03, 0x03, 0xAA, 0xFE] + [UInt8(3 + frame.count), 0x16, 0xAA, 0xFE] + frame
    }

    /// Eddystone-UID: 10-byte namespace and 6-byte instance, as hex; TX power at 0 m.
    public static func eddystoneUID(namespace: String, instance: String, txPower: Int8 = -18) -> [UInt8] {
        eddystone([0x00, UInt8(bitPattern: txPower)] + hexBytes(namespace) + hexBytes(instance) + [0, 0])
    }

    /// Eddystone-URL with the scheme byte and the compressed URL bytes given.
    public static func eddystoneURL(scheme: UInt8, encoded: [UInt8], txPower: Int8 = -18) -> [UInt8] {
        eddystone([0x10, UInt8(bitPattern: txPower), scheme] + encoded)
    }

    /// Eddystone-TLM (unencrypted).
    public static func eddystoneTLM(batteryMillivolts: UInt16, temperature: Double, advertisingCount: UInt32,
                                    uptimeTenths: UInt32) -> [UInt8] {
        let temp = UInt16(bitPattern: Int16((temperature * 256).rounded()))
        return eddystone([0x20, 0x00] + bigEndian(batteryMillivolts) + bigEndian(temp)
                         + bigEndian32(advertisingCount) + bigEndian32(uptimeTenths))
    }

    static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// "AA:BB:CC:DD:EE:FF" → the six bytes HCI sends, least significant first.
    public static func addressBytes(_ address: String) -> [UInt8] {
        address.split(separator: ":").map { UInt8($0, radix: 16)! }.reversed()
    }

    /// LE Meta / LE Advertising Report (0x02) carrying the reports, non-connectable.
    public static func advertisingReportEvent(_ reports: [Report]) -> [UInt8] {
        var parameters: [UInt8] = [0x02, UInt8(reports.count)]
        for report in reports {
            parameters += [0x03, report.randomAddress ? 0x01 : 0x00] + addressBytes(report.address)
            parameters += [UInt8(report.data.count)] + report.data + [UInt8(bitPattern: report.rssi)]
        }
        return [0x3E, UInt8(parameters.count)] + parameters
    }

    /// LE Meta / LE Extended Advertising Report (0x0D), legacy non-connectable PDUs on LE 1M.
    public static func extendedAdvertisingReportEvent(_ reports: [Report]) -> [UInt8] {
        var parameters: [UInt8] = [0x0D, UInt8(reports.count)]
        for report in reports {
            parameters += [0x10, 0x00, report.randomAddress ? 0x01 : 0x00] + addressBytes(report.address)
            parameters += [0x01, 0x00, 0xFF, 0x7F, UInt8(bitPattern: report.rssi), 0x00, 0x00]
            parameters += [0x00, 0, 0, 0, 0, 0, 0]
            parameters += [UInt8(report.data.count)] + report.data
        }
        return [0x3E, UInt8(parameters.count)] + parameters
    }
}
