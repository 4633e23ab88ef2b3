import Foundation
import MemberDeskTestSupport
import Testing

/// The front desk in tmux with the real pcscd and the virtual card. An extension of the
/// serialized pcscd suite, so that no other test taps the one virtual reader meanwhile.
extension PCSCEndToEndTests {
    @Test func aTapShowsTheWelcomeBannerOnTheFrontDesk() throws {
        let binary = try DeskBinary()
        try binary.writeConfig("[reader]\nname = \"\(PCSCDaemon.virtualReader)\"\n[beacons]\nenabled = false\n")
        try #require(binary.run(["members", "add", "--pass", Self.uidPass, "--name", "Tap Tester"]).status == 0)
        let tmux = try TmuxSession(command: [DeskBinary.path], environment: binary.terminalEnvironment, directory: binary.home.path)
        defer { tmux.kill() }
        try tmux.waitFor("Reader: \(PCSCDaemon.virtualReader)")
        let card = VirtualCard(.uidOnly(uid: Self.uid))
        try card.insert()
        defer { card.remove() }
        let screen = try tmux.waitFor("Welcome, Tap Tester — first visit")
        #expect(screen.contains("nfc"))
        card.remove()
        try tmux.press("F10")
        try tmux.waitFor("[exited 0]")
        let shown = try binary.run(["members", "show", Self.uidPass, "--json"]).stdout
        #expect(shown.contains("\"numVisits\":1"))
    }
}
