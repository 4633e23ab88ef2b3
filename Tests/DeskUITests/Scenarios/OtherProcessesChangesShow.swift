import DeskUI
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Issue #23 item 1: what another process commits to the desk's database (a shell's `checkin`,
/// `members add`, `members edit --status suspended`) shows on the desk without a key, once the
/// desk's store probe comes round, at the smallest and a large screen.
@Test(arguments: [(80, 24), (200, 50)])
func otherProcessesChangesShowOnTheDesk(width: Int, height: Int) throws {
    let home = try TemporaryDirectory()
    let clock = FakeClock()
    let scenario = try Scenario(width: width, height: height, path: home.file("members.sqlite"), clock: clock)
    try scenario.waitFor("Members (2)")

    // Another process: its own connections to the file, its own bus the desk does not hear.
    let other = try AppDatabase.open(path: home.file("members.sqlite"))
    let shell = Club(database: other, terminal: try other.terminalIdentity(name: "Shell"),
                     settings: ClubSettings(debounce: 60), bus: EventBus(), clock: clock)
    try shell.checkIn(passId: "04A1B2C3", source: .manual)
    try shell.addMember(passId: "ZOE-001", username: "Zoe")
    let yamada = try #require(try other.member(idOrPass: "04A1B2C4"))
    try shell.updateMember(id: yamada.memberId, MemberChanges(status: .suspended))

    clock.advance(by: DeskJobs.storeProbeInterval)
    let screen = try scenario.waitFor("the other process's changes") { screen in
        let lines = screen.split(separator: "\n")
        return screen.contains("Members (3)")
            && lines.contains { $0.contains("Zoe") }
            && lines.contains { $0.contains("Ana López") && $0.contains("04A1B2C3") && $0.contains(" 1 ") }
            && lines.contains { $0.contains("山田太郎") && $0.contains("suspended") }
    }
    #expect(screen.contains("3 members"), "the status bar's count: \(screen)")
}
