import Foundation
import MemberDeskTestSupport
import PropertyBased
import Testing
@testable import MemberKit

/// Three terminals sharing a folder without Syncthing: random check-ins, renames, suspensions,
/// deletions and same-card enrolments, with files written, carried (late, twice, out of order,
/// half-written) and read at random. Once everything is delivered, all three agree and every
/// check-in is counted once. All sync state lives in each database, so a restart is a new
/// `DeskSync` over the same database: the steps use fresh ones throughout.
@Suite("Folder sync properties")
struct FolderSyncPropertyTests {
    static let history = Gen.int(in: 0...1_000_000).array(of: 5...60)

    @Test("three terminals sharing a folder converge, and count every check-in once")
    func converge() async throws {
        await propertyCheck(count: 40, input: Self.history) { steps in
            let world = try SyncFolderWorld()
            for code in steps { try world.step(code) }
            try world.settle()
            let states = try world.terminals.map { try $0.state() }
            #expect(states[0] == states[1] && states[1] == states[2])
            for terminal in world.terminals {
                #expect(try world.totalCounters(terminal) == world.checkIns)
                // Entries and exits travelled in the changes files and snapshots: each once,
                // and every desk has the same people inside, as many as the events say.
                #expect(try terminal.eventCount("entry") == world.checkIns)
                #expect(try terminal.eventCount("exit") == world.exits)
                let inside = try terminal.insideByLaw()
                #expect(inside.law == inside.store && inside.count == inside.law.count)
            }
        }
    }

    @Test("a settled folder stays quiet: reading it again changes nothing and writes nothing")
    func quiescent() async throws {
        await propertyCheck(count: 20, input: Self.history) { steps in
            let world = try SyncFolderWorld()
            for code in steps { try world.step(code) }
            try world.settle()
            for sync in world.syncs {
                let pass = try sync.pass()
                #expect(pass.written.file == nil)
                #expect(pass.read.filesRead == 0)
                #expect(pass.read.errors.isEmpty)
            }
        }
    }
}
