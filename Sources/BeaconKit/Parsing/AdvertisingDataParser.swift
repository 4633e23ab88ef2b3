import MemberKit

/// Finds a beacon in the AD structures of one advertisement.
///
/// The walk trusts nothing: a zero-length AD is skipped, a structure that runs past the end
/// ends the walk, and a frame too short for its format is ignored, so any bytes are safe.
public enum AdvertisingDataParser {
    static let manufacturerSpecific: UInt8 = 0xFF
    static let serviceData16: UInt8 = 0x16
    static let appleCompany: UInt16 = 0x004C
    static let eddystoneService: UInt16 = 0xFEAA
    /// Eddystone sends its power at 0 m; free-space loss to 1 m is about 41 dB.
    static let eddystoneOneMetreLoss = 41

    /// The first beacon or telemetry frame in `data`, or nil.
    @inline(__always)
    public static func parse(_ data: UnsafeRawBufferPointer) -> BeaconFrame? {
        let count = data.count
        var index = 0
        while index < count {
            let length = Int(data[index])
            if length == 0 { index += 1; continue }
            let end = index + 1 + length
            if end > count { return nil }
            let type = data[index + 1]
            let payload = index + 2
            if type == manufacturerSpecific {
                if let frame = manufacturer(data, from: payload, to: end) { return frame }
            } else if type == serviceData16 {
                if let frame = serviceData(data, from: payload, to: end) { return frame }
            }
            index = end
        }
        return nil
    }

    /// Convenience for tests and tools: parses a byte array.
    public static func parse(_ bytes: [UInt8]) -> BeaconFrame? {
        bytes.withUnsafeBytes { parse($0) }
    }

    @inline(__always)
    static func manufacturer(_ d: UnsafeRawBufferPointer, from start: Int, to end: Int) -> BeaconFrame? {
        let count = end - start
        guard count >= 25 else { return nil }
        let company = UInt16(d[start]) | UInt16(d[start + 1]) << 8
        if company == appleCompany, d[start + 2] == 0x02, d[start + 3] == 0x15 {
            // iBeacon: UUID(16) major(2) minor(2) measured power(1).
            let id = start + 4
            let key = BeaconKey(kind: .iBeacon, high: bigEndian64(d, id), low: bigEndian64(d, id + 8),
                                extra: bigEndian32(d, id + 16))
            let power = Int8(bitPattern: d[id + 20])
            return .beacon(key, measuredPower: power == 0 ? nil : power)
        }
        if d[start + 2] == 0xBE, d[start + 3] == 0xAC {
            // AltBeacon: beacon id(20) = UUID(16) + two 16-bit ids, then reference RSSI at 1 m.
            let id = start + 4
            let key = BeaconKey(kind: .altBeacon, high: bigEndian64(d, id), low: bigEndian64(d, id + 8),
                                extra: bigEndian32(d, id + 16))
            let power = Int8(bitPattern: d[id + 20])
            return .beacon(key, measuredPower: power == 0 ? nil : power)
        }
        return nil
    }

    @inline(__always)
    static func serviceData(_ d: UnsafeRawBufferPointer, from start: Int, to end: Int) -> BeaconFrame? {
        let count = end - start
        guard count >= 4, UInt16(d[start]) | UInt16(d[start + 1]) << 8 == eddystoneService else { return nil }
        let frameType = d[start + 2]
        let body = start + 3
        switch frameType {
        case 0x00 where count >= 20:
            // UID: tx power(1) namespace(10) instance(6) [reserved(2)].
            let key = BeaconKey(kind: .eddystoneUID, high: bigEndian64(d, body + 1), low: bigEndian64(d, body + 9), extra: 0)
            return .beacon(key, measuredPower: oneMetrePower(d[body]))
        case 0x10 where count >= 5:
            // URL: tx power(1) scheme(1) encoded URL(0-17).
            let scheme = d[body + 1]
            let encodedStart = body + 2
            let encodedLength = end - encodedStart
            guard encodedLength <= 17,
                  EddystoneURL.isValid(scheme: scheme, encoded: UnsafeRawBufferPointer(rebasing: d[encodedStart..<end]))
            else { return nil }
            var bytes = (UInt64(scheme) << 56, UInt64(0), UInt32(encodedLength))
            for offset in 0..<encodedLength {
                let byte = d[encodedStart + offset]
                let position = offset + 1 // after the scheme byte
                if position < 8 {
                    bytes.0 |= UInt64(byte) << (56 - UInt64(position) * 8)
                } else if position < 16 {
                    bytes.1 |= UInt64(byte) << (56 - UInt64(position - 8) * 8)
                } else {
                    bytes.2 |= UInt32(byte) << (position == 16 ? 16 : 8)
                }
            }
            let key = BeaconKey(kind: .eddystoneURL, high: bytes.0, low: bytes.1, extra: bytes.2)
            return .beacon(key, measuredPower: oneMetrePower(d[body]))
        case 0x20 where count >= 16 && d[body] == 0x00:
            // Unencrypted TLM: version(1) battery mV(2) temperature 8.8(2) adv count(4) uptime 0.1 s(4).
            let battery = UInt16(d[body + 1]) << 8 | UInt16(d[body + 2])
            let rawTemperature = UInt16(d[body + 3]) << 8 | UInt16(d[body + 4])
            let temperature = rawTemperature == 0x8000 ? nil : Double(Int16(bitPattern: rawTemperature)) / 256
            return .telemetry(BeaconTelemetry(batteryMillivolts: battery, temperature: temperature,
                                                 advertisingCount: bigEndian32(d, body + 5),
                                                 uptime: Double(bigEndian32(d, body + 9)) / 10))
        default:
            return nil
        }
    }

    @inline(__always)
    static func oneMetrePower(_ byte: UInt8) -> Int8? {
        let zeroMetre = Int(Int8(bitPattern: byte))
        return Int8(clamping: zeroMetre - eddystoneOneMetreLoss)
    }

    @inline(__always)
    static func bigEndian64(_ d: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value = value << 8 | UInt64(d[at + index]) }
        return value
    }

    @inline(__always)
    static func bigEndian32(_ d: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(d[at]) << 24 | UInt32(d[at + 1]) << 16 | UInt32(d[at + 2]) << 8 | UInt32(d[at + 3])
    }
}
