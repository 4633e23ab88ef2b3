import Foundation
import MemberDeskTestSupport
import MemberKit
@testable import RegionKit
import Testing

@Suite struct RegionListDecoderTests {
    /// RegionFramework's own shape: every key present, strings for major/minor, "" and 0 for unused.
    static let regionFrameworkSample = """
    [
      {"identifier":"beacon-1","region_name":"東京オフィス","uuid":"e2c56db5-dffb-48d2-b060-d0f5a71096e0","major":"100","minor":"7",
       "center_lat":0,"center_lng":0,"center_radius":0,"expire_at":1893456000.75,
       "enter_scripts":"wk_console_log('in')","exit_scripts":"wk_console_log('out')"},
      {"identifier":"beacon-2","region_name":"","uuid":"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0","major":"","minor":"",
       "center_lat":0,"center_lng":0,"center_radius":0,"expire_at":0,"enter_scripts":"","exit_scripts":""},
      {"identifier":"geo-1","region_name":"서울 매장","uuid":"","major":"","minor":"",
       "center_lat":37.5665,"center_lng":126.978,"center_radius":200,"expire_at":"1500000000",
       "enter_scripts":"","exit_scripts":""}
    ]
    """

    @Test func decodesRegionFrameworkSample() throws {
        let regions = try RegionListDecoder.decode(Data(Self.regionFrameworkSample.utf8))
        #expect(regions.map(\.identifier) == ["beacon-1", "beacon-2", "geo-1"])
        let first = regions[0]
        #expect(first.name == "東京オフィス")
        #expect(first.uuid == "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")
        #expect(first.major == 100 && first.minor == 7)
        #expect(first.isBeaconRegion && !first.isCircularRegion)
        #expect(first.expireAt == 1893456000.75)
        #expect(regions[1].major == nil && regions[1].minor == nil && regions[1].expireAt == nil)
        let geo = regions[2]
        #expect(geo.isCircularRegion && !geo.isBeaconRegion)
        #expect(geo.name == "서울 매장")
        #expect(geo.isExpired(at: Date(timeIntervalSince1970: 1_500_000_001)))
        #expect(!geo.isExpired(at: Date(timeIntervalSince1970: 1_500_000_000)))
        #expect(!regions[1].isExpired(at: Date.distantFuture))
        #expect(geo.triggerLimit == .everyTime(cooldown: 60))
    }

    @Test func decodesTheBundledSampleWithOptionalKeys() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/regions.sample.json")
        let regions = try RegionListDecoder.decode(try Data(contentsOf: url))
        #expect(regions.count == 2)
        #expect(regions[0].proximity == .near)
        #expect(regions[0].triggerLimit == .everyTime(cooldown: 120))
        #expect(!regions[0].checkinScript.isEmpty)
        #expect(regions[1].activeHours == ActiveHours(startMinute: 480, endMinute: 1200))
        #expect(regions[1].weekdays == [1, 2, 3, 4, 5])
    }

    @Test func triggerLimitForms() throws {
        func limit(_ json: String) throws -> TriggerLimit {
            try RegionListDecoder.decode(Data("[{\"identifier\":\"x\",\"uuid\":\"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\",\(json)}]".utf8))[0].triggerLimit
        }
        #expect(try limit("\"trigger_limit\":\"once_ever\"") == .onceEver)
        #expect(try limit("\"trigger_limit\":\"once_per_session\"") == .oncePerSession)
        #expect(try limit("\"trigger_limit\":{\"type\":\"every_time\",\"cooldown\":5}") == .everyTime(cooldown: 5))
    }

    @Test(arguments: [
        ("not json", "not valid JSON"),
        ("{\"identifier\":\"x\"}", "JSON array"),
        ("[1]", "expected an object"),
        ("[{\"uuid\":\"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\"}]", "'identifier'"),
        ("[{\"identifier\":\"x\",\"uuid\":\"nope\"}]", "'uuid'"),
        ("[{\"identifier\":\"x\",\"uuid\":\"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\",\"major\":\"70000\"}]", "'major'"),
        ("[{\"identifier\":\"x\",\"uuid\":\"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\",\"minor\":\"1\"}]", "minor needs a major"),
        ("[{\"identifier\":\"x\",\"center_lat\":91,\"center_lng\":1,\"center_radius\":1}]", "'center_lat'"),
        ("[{\"identifier\":\"x\",\"center_lat\":\"abc\",\"center_lng\":1,\"center_radius\":1}]", "not a number"),
        ("[{\"identifier\":\"x\"}]", "neither a beacon region"),
        ("[{\"identifier\":\"x\",\"uuid\":\"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\",\"proximity\":\"close\"}]", "'proximity'"),
        ("[{\"identifier\":\"x\",\"uuid\":\"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\",\"active_hours\":\"8-20\"}]", "'active_hours'"),
        ("[{\"identifier\":\"x\",\"uuid\":\"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\",\"weekdays\":[8]}]", "'weekdays'"),
        ("[{\"identifier\":\"x\",\"uuid\":\"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\",\"trigger_limit\":\"twice\"}]", "'trigger_limit'"),
        ("[{\"identifier\":\"x\",\"uuid\":\"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\"},{\"identifier\":\"x\",\"uuid\":\"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\"}]", "duplicate"),
    ])
    func badListsGiveOneLineErrors(input: String, expected: String) {
        #expect {
            try RegionListDecoder.decode(Data(input.utf8))
        } throws: { error in
            let text = "\(error)"
            return text.contains(expected) && !text.contains("\n")
        }
    }

    @Test func activeHoursAndWeekdays() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let region = Region(identifier: "x", uuid: "U", activeHours: ActiveHours("22:00-02:00"), weekdays: [1])
        // 2026-01-05 is a Monday.
        let monday23 = Date(timeIntervalSince1970: 1_767_571_200 + 23 * 3600)
        #expect(region.isActive(at: monday23, calendar: calendar))
        #expect(!region.isActive(at: monday23.addingTimeInterval(-12 * 3600), calendar: calendar))
        #expect(!region.isActive(at: monday23.addingTimeInterval(7 * 86400 - 86400), calendar: calendar))
    }
}
