import Foundation
import MemberDeskTestSupport

/// A small scene written as a btsnoop capture: three beacons of each kind, and telemetry.
enum CaptureFixture {
    static let iBeaconUUID = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"
    static let altBeaconUUID = "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6"
    static let namespace = "edd1ebeac04e5defa017"
    static let instance = "0123456789ab"
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// `seconds` of 10 Hz advertising; the iBeacon stops after `iBeaconSeconds`.
    static func scene(_ datalink: BtsnoopWriter.Datalink, seconds: Int = 3, iBeaconSeconds: Int? = nil,
                      extended: Bool = false) -> BtsnoopWriter {
        var writer = BtsnoopWriter(datalink: datalink, start: start)
        let ibeacon = AdvertisingFixture.iBeacon(uuid: iBeaconUUID, major: 100, minor: 7, measuredPower: -59)
        let alt = AdvertisingFixture.altBeacon(uuid: altBeaconUUID, major: 3, minor: 4, referenceRSSI: -60)
        let uid = AdvertisingFixture.eddystoneUID(namespace: namespace, instance: instance, txPower: -18)
        let url = AdvertisingFixture.eddystoneURL(scheme: 3, encoded: Array("goo.gl/abc".utf8))
        let tlm = AdvertisingFixture.eddystoneTLM(batteryMillivolts: 3000, temperature: 22.5, advertisingCount: 99, uptimeTenths: 600)
        // Scanning starts with LE Set Scan Enable, as btmon would show it.
        writer.appendCommand([0x0C, 0x20, 0x02, 0x01, 0x00], at: start)
        for tick in 0..<(seconds * 10) {
            let time = start.addingTimeInterval(Double(tick) / 10 + 0.01)
            var reports: [AdvertisingFixture.Report] = [
                .init(address: "11:22:33:44:55:02", rssi: -62, data: alt),
                .init(address: "11:22:33:44:55:03", rssi: tick % 10 == 0 ? -64 : -58, data: tick % 10 == 0 ? tlm : uid),
            ]
            if tick < (iBeaconSeconds ?? seconds) * 10 {
                reports.insert(.init(address: "11:22:33:44:55:01", rssi: -45, data: ibeacon), at: 0)
            }
            let event = extended ? AdvertisingFixture.extendedAdvertisingReportEvent(reports)
                                 : AdvertisingFixture.advertisingReportEvent(reports)
            writer.appendEvent(event, at: time)
            writer.appendEvent(AdvertisingFixture.advertisingReportEvent([.init(address: "11:22:33:44:55:04", rssi: -80, data: url)]),
                               at: time.addingTimeInterval(0.02))
        }
        return writer
    }
}
