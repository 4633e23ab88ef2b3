import DeskSettings
import Foundation
import Testing

/// Issue 46 item 5: `[staff] quit_when_locked` (default false) is read, shown by `config show`
/// and offered, commented out, by `config example`.
@Suite struct QuitWhenLockedConfigTests {
    @Test func quitWhenLockedIsOffByDefaultAndReadWhenSet() throws {
        #expect(DeskConfig().staff.quitWhenLocked == false)
        let config = try DeskConfig.parse("[staff]\nquit_when_locked = true\n")
        #expect(config.staff.quitWhenLocked)
        #expect(config.rendered().contains("quit_when_locked = true"))
        #expect(DeskConfig().rendered(commentedOut: true).contains("\n#quit_when_locked = false"))
    }
}
