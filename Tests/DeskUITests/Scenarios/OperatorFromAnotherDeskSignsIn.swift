import DeskUI
import FolderSync
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// Two desks through the sync folder: an operator added at desk A signs in at desk B's front
/// desk; a suspension made there is in A's record with B's desk and the operator's name.
@Test func operatorFromAnotherDeskSignsIn() throws {
    let home = try TemporaryDirectory()
    let folder = home.file("sync")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let clock = FakeClock()
    let a = try AppDatabase.open(path: home.file("a.sqlite"))
    let clubA = Club(database: a, terminal: try a.terminalIdentity(name: "Desk A"), bus: EventBus(), clock: clock)
    try clubA.addMember(passId: "04112233", username: "Anna Synced")
    try clubA.addStaff(name: "Mia", role: .manager, pin: PIN("4821"), hasher: FakePINHasher(), by: .cli(user: "alice"))
    let syncA = DeskSync(database: a, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: folder), terminal: clubA.terminal, clock: clock)
    _ = try syncA.pass()

    // Desk B reads the folder before its front desk starts: Mia is an operator there too.
    let bPath = home.file("b.sqlite")
    let b = try AppDatabase.open(path: bPath)
    let syncB = DeskSync(database: b, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: folder), terminal: try b.terminalIdentity(name: "Desk 1"), clock: clock)
    _ = try syncB.pass()
    #expect(try b.staffAccount(named: "Mia")?.role == .manager)

    let scenario = try Scenario(members: [], path: bPath, clock: clock, locked: true)
    try scenario.waitFor("Locked")
    try scenario.waitFor("Anna Synced")
    scenario.terminal.press(.control("l"))
    try scenario.signIn("Mia", pin: "4821")
    try scenario.waitFor("On duty: Mia")
    scenario.terminal.press(.home)
    scenario.terminal.press(.function(2))
    try scenario.waitFor("Visit history")
    scenario.terminal.press(.down, .down, .down, .right)
    try scenario.waitFor("suspended")
    scenario.terminal.press(.enter)
    #expect(waitUntil { (try? b.member(idOrPass: "04112233"))?.status == .suspended })

    _ = try syncB.pass()
    _ = try syncA.pass()
    let suspended = try a.auditEntries(AuditQuery(action: .suspend))
    #expect(suspended.map(\.operator) == ["Mia"])
    #expect(suspended.map(\.deskId) == [syncB.writer.terminal.id])
    #expect(suspended.map(\.desk) == ["Desk 1"])
    #expect(try a.member(idOrPass: "04112233")?.status == .suspended)
}
