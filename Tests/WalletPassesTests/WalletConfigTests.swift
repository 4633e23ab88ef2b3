import DeskSettings
import Foundation
import MemberKit
import Testing
import WalletPasses

/// `[wallet]`, `[wallet.apple]` and `[wallet.google]` in the config file: read, checked, shown.
@Suite struct WalletConfigTests {
    @Test func theNestedTablesRead() throws {
        let config = try DeskConfig.parse("""
            [wallet]
            organization = "Harbour"
            background = "rgb(0, 10, 255)"
            [wallet.apple]
            team_id = "T1"
            beacon = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0:1"
            [wallet.google]
            issuer_id = "33"
            collector_id = "20180608"
            smart_tap_key_version = 2
            """)
        #expect(config.wallet.organization == "Harbour")
        #expect(config.wallet.apple.teamId == "T1")
        #expect(config.wallet.google.smartTapKeyVersion == 2)
        #expect(config.wallet.googleClassId == "33.memberdesk")
    }

    @Test func badValuesNameTheirKey() {
        #expect(throws: DeskError.config("config key 'wallet.label': expected a colour rgb(r,g,b) with each part 0-255, not \"red\"")) {
            try DeskConfig.parse("[wallet]\nlabel = \"red\"\n")
        }
        #expect(throws: DeskError.config("config key 'wallet.foreground': expected a colour rgb(r,g,b) with each part 0-255, not \"rgb(1,2,256)\"")) {
            try DeskConfig.parse("[wallet]\nforeground = \"rgb(1,2,256)\"\n")
        }
        #expect(throws: DeskError.config("config key 'wallet.apple.beacon': expected UUID[:major[:minor]] (major and minor 0-65535), not \"x:1\"")) {
            try DeskConfig.parse("[wallet.apple]\nbeacon = \"x:1\"\n")
        }
        #expect(throws: DeskError.config("config key 'wallet.google.collector_id': expected decimal digits, not \"12a\"")) {
            try DeskConfig.parse("[wallet.google]\ncollector_id = \"12a\"\n")
        }
        #expect(throws: DeskError.config("unknown config key 'wallet.apple.colour'")) {
            try DeskConfig.parse("[wallet.apple]\ncolour = \"x\"\n")
        }
    }

    /// `config show` writes `[wallet.apple]` as its own table, and what it writes reads back.
    @Test func theRenderedConfigReadsBack() throws {
        var config = DeskConfig()
        config.wallet.apple.teamId = "T9"
        config.wallet.google.issuerId = "77"
        let text = config.rendered()
        #expect(text.contains("\n[wallet.apple]\n"))
        #expect(text.contains("\n[wallet.google]\n"))
        #expect(try DeskConfig.parse(text) == config)
    }

    @Test func colours() {
        #expect(WalletColour("rgb( 1 ,2, 3 )")?.css == "rgb(1, 2, 3)")
        #expect(WalletColour("rgb(255,0,16)")?.hex == "#ff0010")
        #expect(WalletColour("rgb(1,2)") == nil)
        #expect(WalletColour("rgb(1,2,3,4)") == nil)
        #expect(WalletColour("rgb(-1,2,3)") == nil)
        #expect(WalletColour("#ffffff") == nil)
    }
}
