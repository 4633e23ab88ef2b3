/// Splits an HCI LE Meta event into its advertising reports.
///
/// Handles LE Advertising Report (subevent 0x02) and LE Extended Advertising Report (0x0D),
/// each of which may carry several reports. Reports are laid out one after another, as
/// BlueZ and btmon read them. A report that runs past the event's end stops the walk.
public enum HCIEventParser {
    public static let leMetaEvent: UInt8 = 0x3E
    public static let advertisingReport: UInt8 = 0x02
    public static let extendedAdvertisingReport: UInt8 = 0x0D
    /// "RSSI not available" in both report formats.
    static let rssiUnavailable: Int8 = 127

    /// Calls `body` for each advertising report in `event` (event code, length, parameters;
    /// no H4 indicator). Returns the number of reports; other events give 0.
    @discardableResult
    @inline(__always)
    public static func forEachReport(in event: UnsafeRawBufferPointer,
                                     _ body: (AdvertisingReport) throws -> Void) rethrows -> Int {
        guard event.count >= 4, event[0] == leMetaEvent else { return 0 }
        // Trust the smaller of the stated and the actual length.
        let end = min(event.count, 2 + Int(event[1]))
        guard end >= 4 else { return 0 }
        let subevent = event[2]
        let reports = Int(event[3])
        var offset = 4
        var delivered = 0
        if subevent == advertisingReport {
            // event type(1) address type(1) address(6) data length(1) data(n) RSSI(1)
            for _ in 0..<reports {
                guard offset + 9 <= end else { break }
                let dataLength = Int(event[offset + 8])
                let dataStart = offset + 9
                guard dataStart + dataLength + 1 <= end else { break }
                let rssi = Int8(bitPattern: event[dataStart + dataLength])
                try body(AdvertisingReport(
                    address: BluetoothAddress(littleEndian: event, at: offset + 2),
                    addressType: event[offset + 1],
                    rssi: rssi == rssiUnavailable ? nil : rssi,
                    isExtended: false,
                    data: UnsafeRawBufferPointer(rebasing: event[dataStart..<(dataStart + dataLength)])))
                delivered += 1
                offset = dataStart + dataLength + 1
            }
        } else if subevent == extendedAdvertisingReport {
            // event type(2) address type(1) address(6) primary PHY(1) secondary PHY(1) SID(1)
            // TX power(1) RSSI(1) periodic interval(2) direct address type(1) direct address(6)
            // data length(1) data(n)
            for _ in 0..<reports {
                guard offset + 24 <= end else { break }
                let dataLength = Int(event[offset + 23])
                let dataStart = offset + 24
                guard dataStart + dataLength <= end else { break }
                let rssi = Int8(bitPattern: event[offset + 13])
                try body(AdvertisingReport(
                    address: BluetoothAddress(littleEndian: event, at: offset + 3),
                    addressType: event[offset + 2],
                    rssi: rssi == rssiUnavailable ? nil : rssi,
                    isExtended: true,
                    data: UnsafeRawBufferPointer(rebasing: event[dataStart..<(dataStart + dataLength)])))
                delivered += 1
                offset = dataStart + dataLength
            }
        }
        return delivered
    }
}
