import BeaconKit
import MemberDeskTestSupport
import MemberKit
import Testing

@Suite struct AdvertisingDataParserTests {
    static let uuid = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"

    func identity(_ bytes: [UInt8]) -> (BeaconIdentity, Int8?)? {
        guard case .beacon(let key, let power)? = AdvertisingDataParser.parse(bytes) else { return nil }
        return (key.identity, power)
    }

    @Test func iBeaconIdentityIsExact() throws {
        let (id, power) = try #require(identity(AdvertisingFixture.iBeacon(uuid: Self.uuid, major: 0x1234, minor: 65535, measuredPower: -59)))
        #expect(id == BeaconIdentity(kind: .iBeacon, uuid: Self.uuid, major: 0x1234, minor: 65535))
        #expect(power == -59)
    }

    @Test func altBeaconIdentityIsExact() throws {
        let (id, power) = try #require(identity(AdvertisingFixture.altBeacon(uuid: "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6", major: 1, minor: 2, referenceRSSI: -65)))
        #expect(id == BeaconIdentity(kind: .altBeacon, uuid: "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6", major: 1, minor: 2))
        #expect(power == -65)
    }

    @Test func eddystoneUIDIdentityIsExact() throws {
        let (id, power) = try #require(identity(AdvertisingFixture.eddystoneUID(namespace: "edd1ebeac04e5defa017", instance: "0123456789ab", txPower: -20)))
        #expect(id == BeaconIdentity(kind: .eddystoneUID, uuid: "edd1ebeac04e5defa017", instance: "0123456789ab"))
        #expect(power == -61) // 0 m power minus 41 dB to 1 m
    }

    @Test func eddystoneURLIsDecoded() throws {
        // https://www. + "example" + ".com/" + "x"
        let encoded = Array("example".utf8) + [0x00] + Array("x".utf8)
        let (id, _) = try #require(identity(AdvertisingFixture.eddystoneURL(scheme: 1, encoded: encoded)))
        #expect(id == BeaconIdentity(kind: .eddystoneURL, url: "https://www.example.com/x"))
    }

    @Test func eddystoneURLOfSeventeenBytesRoundTrips() throws {
        let encoded = Array("abcdefghijklmnop".utf8) + [0x07]
        let (id, _) = try #require(identity(AdvertisingFixture.eddystoneURL(scheme: 3, encoded: encoded)))
        #expect(id.url == "https://abcdefghijklmnop.com")
    }

    @Test func differentURLsAreDifferentBeacons() {
        let a = AdvertisingDataParser.parse(AdvertisingFixture.eddystoneURL(scheme: 2, encoded: Array("a.io".utf8)))
        let b = AdvertisingDataParser.parse(AdvertisingFixture.eddystoneURL(scheme: 2, encoded: Array("b.io".utf8)))
        #expect(a != nil && a != b)
    }

    @Test func eddystoneTelemetryIsDecoded() {
        let bytes = AdvertisingFixture.eddystoneTLM(batteryMillivolts: 3012, temperature: 21.5, advertisingCount: 123_456, uptimeTenths: 36_000)
        #expect(AdvertisingDataParser.parse(bytes) == .telemetry(BeaconTelemetry(
            batteryMillivolts: 3012, temperature: 21.5, advertisingCount: 123_456, uptime: 3600)))
    }

    @Test func zeroMeasuredPowerMeansUnknown() throws {
        let (_, power) = try #require(identity(AdvertisingFixture.iBeacon(uuid: Self.uuid, major: 1, minor: 1, measuredPower: 0)))
        #expect(power == nil)
    }

    @Test func zeroLengthStructuresAreSkipped() throws {
        let bytes: [UInt8] = [0, 0, 0] + AdvertisingFixture.iBeacon(uuid: Self.uuid, major: 7, minor: 8)
        #expect(try #require(identity(bytes)).0.major == 7)
    }

    @Test(arguments: [
        [UInt8](),
        [0x1A, 0xFF, 0x4C, 0x00, 0x02, 0x15],               // length runs past the end
        [0x05, 0xFF, 0x4C, 0x00, 0x02, 0x15],               // iBeacon prefix, too short
        [0x03, 0x16, 0xAA, 0xFE],                           // service data, no frame
        [0x06, 0x16, 0xAA, 0xFE, 0x10, 0xEE, 0x09],        // URL with a reserved scheme
        [0x08, 0x16, 0xAA, 0xFE, 0x10, 0xEE, 0x00, 0x20, 0x01], // URL with a reserved byte
        [0x0A, 0x16, 0xAA, 0xFE, 0x20, 0x00, 0x0B, 0xB8],  // truncated TLM, length lies
        [0xFF],
        [0x01],
    ])
    func malformedDataIsIgnored(bytes: [UInt8]) {
        #expect(AdvertisingDataParser.parse(bytes) == nil)
    }

    @Test func truncatedBeaconIsIgnoredEvenWhenOtherwisePerfect() {
        let full = AdvertisingFixture.iBeacon(uuid: Self.uuid, major: 1, minor: 2)
        for cut in 0..<full.count {
            #expect(AdvertisingDataParser.parse(Array(full[0..<cut])) == nil)
        }
    }

    @Test func everyByteStringParsesWithoutCrashing() {
        var generator = SystemRandomNumberGenerator()
        let seed = AdvertisingFixture.eddystoneUID(namespace: "00112233445566778899", instance: "aabbccddeeff")
        for _ in 0..<20_000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = AdvertisingDataParser.parse(Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator))))
        }
    }
}
