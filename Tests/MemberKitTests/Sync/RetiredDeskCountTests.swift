import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// Issue 46 item 10: the status bar's `Sync: N desks` counts the desks the folder syncs now: a
/// desk retired (taken over by another) keeps its files there but is not counted, at the desk
/// that retired it and at every desk that has read the takeover in its `desk.json`.
@Suite struct RetiredDeskCountTests {
    @Test func aRetiredDeskIsNotCounted() throws {
        let f = try SyncFolderFixture()
        let a = try f.terminal("TA"), b = try f.terminal("TB"), c = try f.terminal("TC")
        for (index, desk) in [a, b, c].enumerated() { try desk.club.addMember(passId: "0400000\(index + 1)") }
        for desk in [a, b, c] { _ = try f.sync(desk).pass() }
        let before = try f.sync(a).pass()
        #expect(before.read.terminals == 2 && before.read.activeDesks == 3)

        _ = try f.sync(c).retire("TB")
        let atC = try f.sync(c).pass()
        #expect(atC.read.terminals == 2 && atC.read.retiredTerminals == 1 && atC.read.activeDesks == 2)
        // A learns of it from C's desk.json, and counts the same.
        let atA = try f.sync(a).pass()
        #expect(atA.read.retiredTerminals == 1 && atA.read.activeDesks == 2)
        // Only new files named (a watcher's pass on a change notice): the same count.
        let named = try f.sync(a).pass(only: ["TC"])
        #expect(named.read.activeDesks == 2, "\(named.read)")
    }
}
