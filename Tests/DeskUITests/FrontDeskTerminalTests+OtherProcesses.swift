import Foundation
import MemberDeskTestSupport
import Testing

extension FrontDeskTerminalTests {
    /// Issue #23 item 1: the real desk in tmux shows what a second `memberdesk` process commits
    /// (a check-in, a new member, a suspension) without a key being pressed.
    @Test func showsWhatAnotherProcessCommits() throws {
        let (binary, tmux) = try desk(width: 80, height: 24)
        defer { tmux.kill() }
        // At 80 columns the status bar may not fit the count (#23 item 11): the list's title says it.
        try tmux.waitFor("Members (2)")
        #expect(try binary.run(["checkin", "04A1B2C3"]).status == 0)
        #expect(try binary.run(["members", "add", "--pass", "ZOE-001", "--name", "Zoe"]).status == 0)
        #expect(try binary.run(["members", "edit", "04A1B2C4", "--status", "suspended"]).status == 0)
        try tmux.waitFor("the second process's commits on the desk") { screen in
            let lines = screen.split(separator: "\n")
            return screen.contains("Members (3)")
                && lines.contains { $0.contains("Zoe") }
                && lines.contains { $0.contains("Ana López") && $0.contains(" 1 ") }
                && lines.contains { $0.contains("山田太郎") && $0.contains("suspended") }
        }
        try tmux.press("F10")
        try tmux.waitFor("[exited 0]")
    }
}
