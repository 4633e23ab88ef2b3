import BeaconKit
import MemberDeskTestSupport
import Testing

@Suite struct HCIEventParserTests {
    let beacon = AdvertisingFixture.iBeacon(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", major: 1, minor: 2)

    func reports(_ event: [UInt8]) -> [(String, Int8?, Bool, Int)] {
        var found: [(String, Int8?, Bool, Int)] = []
        _ = event.withUnsafeBytes { buffer in
            HCIEventParser.forEachReport(in: buffer) { found.append(($0.address.description, $0.rssi, $0.isExtended, $0.data.count)) }
        }
        return found
    }

    @Test func legacyReportGivesAddressRSSIAndData() throws {
        let event = AdvertisingFixture.advertisingReportEvent([.init(address: "C0:FF:EE:00:11:22", rssi: -67, data: beacon)])
        let found = reports(event)
        #expect(found.count == 1)
        #expect(found.first?.0 == "C0:FF:EE:00:11:22")
        #expect(found.first?.1 == -67)
        #expect(found.first?.2 == false)
        #expect(found.first?.3 == beacon.count)
    }

    @Test func severalReportsInOneEvent() {
        let event = AdvertisingFixture.advertisingReportEvent([
            .init(address: "00:00:00:00:00:01", rssi: -50, data: beacon),
            .init(address: "00:00:00:00:00:02", rssi: -60, data: []),
            .init(address: "00:00:00:00:00:03", rssi: 127, data: beacon),
        ])
        let found = reports(event)
        #expect(found.map(\.0) == ["00:00:00:00:00:01", "00:00:00:00:00:02", "00:00:00:00:00:03"])
        #expect(found.map(\.1) == [-50, -60, nil])
    }

    @Test func extendedReportsAreRead() {
        let event = AdvertisingFixture.extendedAdvertisingReportEvent([
            .init(address: "AA:BB:CC:DD:EE:01", rssi: -70, data: beacon),
            .init(address: "AA:BB:CC:DD:EE:02", rssi: -71, data: beacon),
        ])
        let found = reports(event)
        #expect(found.map(\.0) == ["AA:BB:CC:DD:EE:01", "AA:BB:CC:DD:EE:02"])
        #expect(found.map(\.1) == [-70, -71])
        #expect(found.allSatisfy { $0.2 && $0.3 == beacon.count })
    }

    @Test func otherEventsGiveNothing() {
        #expect(reports([0x0E, 0x04, 0x01, 0x0C, 0x20, 0x00]).isEmpty) // Command Complete
        #expect(reports([0x3E, 0x02, 0x01, 0x00]).isEmpty)             // Connection Complete, cut
        #expect(reports([]).isEmpty)
    }

    @Test func truncatedEventsStopCleanly() {
        let event = AdvertisingFixture.advertisingReportEvent([
            .init(address: "00:00:00:00:00:01", rssi: -50, data: beacon),
            .init(address: "00:00:00:00:00:02", rssi: -50, data: beacon),
        ])
        for cut in 0...event.count {
            let found = reports(Array(event[0..<cut]))
            #expect(found.count <= 2)
        }
        // A report count that lies: only what fits is delivered.
        var lying = event
        lying[3] = 200
        #expect(reports(lying).count == 2)
        // A parameter length that lies short: only the first report fits.
        var short = event
        short[1] = UInt8(2 + 9 + beacon.count + 1)
        #expect(reports(short).count == 1)
    }
}
