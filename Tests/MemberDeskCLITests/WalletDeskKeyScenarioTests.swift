import DeskSettings
import DeskUI
import Foundation
@testable import MemberDeskCLI
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Testing
import WalletPasses

/// The desk's `w` key on the headless terminal, with the real pass writer: the selected member's
/// .pkpass is written (and openssl accepts it), its path and the Google link's length shown; a
/// desk without the set-up says which keys are missing; a new member gets a pass as it is saved.
@Suite struct WalletDeskKeyScenarioTests {
    final class Desk {
        let home: TemporaryDirectory
        let club: Club
        let desk: HeadlessFrontDesk
        var terminal: HeadlessTerminal { desk.terminal }
        var outFolder: String { home.path + "/wallet" }

        init(wallet: DeskConfig.Wallet) throws {
            home = try TemporaryDirectory()
            let database = try AppDatabase.inMemory()
            club = Club(database: database, terminal: try database.terminalIdentity(name: "Desk 1"),
                        settings: ClubSettings(debounce: 60, enrolment: .auto), bus: EventBus())
            try club.addMember(passId: "04A1B2C3", username: "Ana López")
            var services = DeskServices(club: club, terminalName: "Desk 1")
            services.wallet = WalletDeskService(wallet: MemberWallet(club: club, wallet: wallet, terminalName: "Desk 1",
                                                                     databasePath: home.path + "/members.sqlite"))
            desk = HeadlessFrontDesk(services: services, width: 100, height: 30)
        }

        deinit { desk.stop() }
    }

    @Test func wWritesTheSelectedMembersPass() throws {
        let ca = try WalletTestCA()
        let scenario = try Desk(wallet: ca.wallet())
        try scenario.terminal.waitFor("the list's row") { FrontDeskScreen.listShows(1, in: $0) }
        scenario.terminal.press(.character("w"))
        let screen = try scenario.terminal.waitFor("Apple Wallet pass for Ana López:")
        let id = try #require(try scenario.club.member(idOrPass: "04A1B2C3")?.memberId)
        let path = scenario.outFolder + "/\(id).pkpass"
        // The dialog wraps the path (never cuts it): its end is on the line after its folder.
        #expect(screen.contains("/wallet/\(id.prefix(20))") && screen.contains(".pkpass"), "\(screen)")
        #expect(screen.contains("Google Wallet link:") && screen.contains(" characters"))
        #expect(FileManager.default.fileExists(atPath: path))
        try WalletTestCA.shell("mkdir x && cd x && unzip -q '\(path)'", in: scenario.home.path)
        let verify = try WalletTestCA.shell("""
            openssl cms -verify -binary -inform DER -in x/signature -content x/manifest.json -CAfile '\(ca.root)' -purpose any -out /dev/null
            """, in: scenario.home.path, check: false)
        #expect(verify.status == 0, "\(verify.output)")
    }

    @Test func wWithoutTheSetUpSaysWhatIsMissing() throws {
        var wallet = DeskConfig.Wallet()
        wallet.apple.teamId = "T1"
        let scenario = try Desk(wallet: wallet)
        try scenario.terminal.waitFor("the list's row") { FrontDeskScreen.listShows(1, in: $0) }
        scenario.terminal.press(.character("w"))
        let screen = try scenario.terminal.waitFor("The wallet is not set up")
        #expect(screen.contains("wallet.apple.pass_type_id"))
        #expect(screen.contains("wallet.apple.certificate"))
        #expect(!screen.contains("wallet.apple.team_id"))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: scenario.outFolder)) ?? []).isEmpty)
    }

    @Test func aNewMemberGetsAPassAsItIsSaved() throws {
        let ca = try WalletTestCA()
        let scenario = try Desk(wallet: ca.wallet())
        try scenario.terminal.waitFor("Members (1)")
        scenario.terminal.press(.function(7))
        try scenario.terminal.waitFor("Name")
        scenario.terminal.type("Dora")
        scenario.terminal.press(.tab)
        scenario.terminal.type("04DDDD01")
        scenario.terminal.press(.enter)
        try scenario.terminal.waitFor("Apple Wallet pass for Dora:")
        let id = try #require(try scenario.club.member(idOrPass: "04DDDD01")?.memberId)
        #expect(FileManager.default.fileExists(atPath: scenario.outFolder + "/\(id).pkpass"))
    }
}
