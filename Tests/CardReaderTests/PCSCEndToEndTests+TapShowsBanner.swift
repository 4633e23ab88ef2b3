import Foundation
import MemberDeskTestSupport
import Testing

/// The front desk in tmux with the real pcscd and the virtual card. An extension of the
/// serialized pcscd suite, so that no other test taps the one virtual reader meanwhile.
extension PCSCEndToEndTests {
    @Test func aTapShowsTheWelcomeBannerOnTheFrontDesk() throws {
        let binary = try DeskBinary()
        let configDir = binary.home.path + "/config/memberdesk"
        try FileManager.default.createDirectory(atPath: configDir, withIntermediateDirectories: true)
        try "[reader]\nname = \"\(PCSCDaemon.virtualReader)\"\n[beacons]\nenabled = false\n"
            .write(toFile: configDir + "/config.toml", atomically: true, encoding: .utf8)
        try #require(binary.run(["members", "add", "--pass", Self.uidPass, "--name", "Tap Tester"]).status == 0)
        var env = ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "TZ"]
            .reduce(into: [String: String]()) { $0[$1] = binary.environment[$1] }
        env["LANG"] = "C.UTF-8"
        env["TERM"] = "tmux-256color"
        let tmux = try TmuxSession(command: [DeskBinary.path], environment: env, directory: binary.home.path)
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
