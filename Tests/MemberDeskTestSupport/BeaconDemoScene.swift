import Foundation

/// A half-minute at a front desk, as a btsnoop capture: the demo in Resources/ and the
/// CLI's end-to-end tests replay it.
///
/// - an iBeacon (a member's phone) walks up from far to immediate, then leaves at 18 s (lost at 28 s);
/// - an AltBeacon sits near the desk the whole time;
/// - an Eddystone-UID tag with telemetry, and an Eddystone-URL poster, further away;
/// - one address cycling through 15 iBeacon ids (a flood, which must be ignored).
public enum BeaconDemoScene {
    public static let memberUUID = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"
    public static let deskUUID = "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6"
    public static let namespace = "edd1ebeac04e5defa017"
    public static let instance = "0000000000c1"
    public static let url = "https://example.com/desk"
    public static let start = Date(timeIntervalSince1970: 1_767_225_600)
    public static let seconds = 30

    public static func capture(_ datalink: BtsnoopWriter.Datalink = .monitor) -> BtsnoopWriter {
        var writer = BtsnoopWriter(datalink: datalink, start: start)
        writer.appendCommand([0x0C, 0x20, 0x02, 0x01, 0x00], at: start) // LE Set Scan Enable, duplicates off
        let member = AdvertisingFixture.iBeacon(uuid: memberUUID, major: 1, minor: 42, measuredPower: -59)
        let desk = AdvertisingFixture.altBeacon(uuid: deskUUID, major: 7, minor: 1, referenceRSSI: -59)
        let tag = AdvertisingFixture.eddystoneUID(namespace: namespace, instance: instance, txPower: -18)
        let telemetry = AdvertisingFixture.eddystoneTLM(batteryMillivolts: 2950, temperature: 21.5,
                                                        advertisingCount: 1200, uptimeTenths: 36_000)
        let poster = AdvertisingFixture.eddystoneURL(scheme: 3, encoded: Array("example".utf8) + [0x00] + Array("desk".utf8))
        var noise: UInt64 = 0x9E37_79B9_7F4A_7C15
        func jitter() -> Int8 {
            noise ^= noise << 13; noise ^= noise >> 7; noise ^= noise << 17
            return Int8(Int(noise % 5) - 2)
        }
        for tick in 0..<(seconds * 5) {
            let second = Double(tick) / 5
            let time = start.addingTimeInterval(second)
            var reports: [AdvertisingFixture.Report] = []
            if second < 18 {
                // Far (-85) for 5 s, then closer until immediate (-45) from about 14 s.
                let rssi = second < 5 ? -85 : min(-45, -85 + Int((second - 5) * 4.5))
                reports.append(.init(address: "4C:11:22:33:44:55", rssi: Int8(rssi) + jitter(), data: member, randomAddress: true))
            }
            reports.append(.init(address: "00:1A:7D:DA:71:01", rssi: -62 + jitter(), data: desk))
            reports.append(.init(address: "00:1A:7D:DA:71:02", rssi: -75 + jitter(), data: tick % 5 == 0 ? telemetry : tag))
            reports.append(.init(address: "00:1A:7D:DA:71:03", rssi: -88 + jitter(), data: poster))
            if tick < 15 {
                let fake = AdvertisingFixture.iBeacon(uuid: memberUUID, major: 999, minor: UInt16(tick))
                reports.append(.init(address: "66:66:66:66:66:66", rssi: -50, data: fake, randomAddress: true))
            }
            for (index, report) in reports.enumerated() {
                writer.appendEvent(AdvertisingFixture.advertisingReportEvent([report]),
                                   at: time.addingTimeInterval(Double(index) * 0.003))
            }
        }
        return writer
    }
}
