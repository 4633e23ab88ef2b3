@testable import MemberDeskCLI
import MemberKit
import RegionKit
import Testing

/// `regions list --json` names each region's kind, as the text listing shows it.
@Suite struct RegionsListKindTests {
    @Test(arguments: [
        (Region(identifier: "b", uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"), "beacon"),
        (Region(identifier: "c", latitude: 35.6595, longitude: 139.7005, radius: 150), "circle"),
        (Region(identifier: "both", uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", latitude: 35.6595, longitude: 139.7005, radius: 150),
         "beacon+circle"),
    ])
    func kind(region: Region, expected: String) {
        #expect(RegionsCommand.object(region, state: "outside")["kind"] == .string(expected))
    }
}

/// `regions list` labels a beacon region's major and minor, so "1" is not a guess.
@Test func regionsListLabelsMajorAndMinor() {
    let region = Region(identifier: "b", uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", major: 1, minor: 42)
    #expect(RegionsCommand.geometry(region) == "beacon E2C56DB5-DFFB-48D2-B060-D0F5A71096E0 major 1 minor 42")
    let majorOnly = Region(identifier: "m", uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", major: 7)
    #expect(RegionsCommand.geometry(majorOnly) == "beacon E2C56DB5-DFFB-48D2-B060-D0F5A71096E0 major 7")
}
