import FolderSync
import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import PropertyBased
import Testing

/// The three-desk world with restores (`RestoringSyncWorld`): a desk restored from an earlier
/// backup of itself at random points, files delivered in any order, repeated, late, half-written.
/// Once everything is delivered, every desk ends equal, every check-in is counted once, a
/// member's count equals the visits listed, and every desk counts each earlier self as retired.
///
/// Shrinking is off: a history takes about a second, and shrinking 50 numbers ran for minutes; a
/// failing history is reported at once, with its input and seed.
@Suite("Folder sync properties with restores")
struct RestoreSyncPropertyTests {
    static let history = Gen.int(in: 0...100_000_000).array(of: 10...50)

    /// Per member: the visits its counters count, beside the entries listed for it.
    private func countsAndListed(_ terminal: SyncTestTerminal) throws -> [String: [Int]] {
        try terminal.database.read { store in
            var table: [String: [Int]] = [:]
            for row in try Row.fetchAll(store.db, sql: "SELECT memberId, sum(count) FROM visit_counter GROUP BY memberId") {
                table[row[0], default: [0, 0]][0] = row[1]
            }
            for row in try Row.fetchAll(store.db, sql: "SELECT memberId, count(*) FROM visit_event WHERE kind = 'entry' GROUP BY memberId") {
                table[row[0], default: [0, 0]][1] = row[1]
            }
            return table
        }
    }

    /// What a desk's side files bring: the audit record as `audit` lists it (in its order), the
    /// operators, the SUN counters and the live phone claims.
    private func sideState(_ terminal: SyncTestTerminal, now: Double) throws -> [String] {
        let audit = try terminal.database.auditEntries(AuditQuery()).map {
            "\($0.entryId) \($0.time) \($0.deskId) \($0.desk) \($0.operator ?? "-") \($0.method) \($0.action) \($0.memberId ?? "-") "
                + "\($0.detail.sorted { $0.key < $1.key })"
        }
        let claims = try terminal.database.liveWalletClaims(now: now).map { "\($0.key) \($0.value)" }.sorted()
        return audit + [try StaffSyncWorld.state(terminal)] + (try terminal.database.allSecureCounters()).map { "\($0)" } + claims
    }

    @Test("desks restored from their own backups converge, count every check-in once, and count what they list",
          .shrinking(false))
    func converge() async throws {
        await propertyCheck(count: 10, input: Self.history) { steps in try converges(steps) }
    }

    /// The history seed 0n40AMlbrlFtwBSYHw2+6yPXUtho5yKwy7zo7g1KY8s= drew: it carried half of an
    /// earlier self's changes file into that desk's home view, which the world then spread whole.
    @Test func aHistoryThatCarriedHalfAFileHomeConverges() throws {
        try converges([45555452, 28117932, 15330762, 87063696, 49316912, 95626105, 66549213, 17902406, 42065560,
                            27911109, 41435432, 39793402, 38382234, 96029948, 742090, 7789777, 2098313, 78974834])
    }

    private func converges(_ steps: [Int]) throws {
        do {
            let restoring = try RestoringSyncWorld()
            let world = restoring.world
            if steps.first.map({ $0 % 2 == 0 }) ?? false { try world.shareList() }
            // A backup halfway, so that a history whose random steps restored no desk restores one at
            // its end: every history tests a restore (counting them over all histories was flaky).
            let half = steps.count / 2, index = steps[0] % world.terminals.count
            for code in steps[..<half] { try restoring.step(code) }
            try restoring.backUp(index)
            for code in steps[half...] { try restoring.step(code) }
            if restoring.restores == 0 { try restoring.restore(index, code: steps[1]) }
            try restoring.settle()
            #expect(restoring.restores > 0)
            let states = try world.terminals.map { try $0.state() }
            #expect(states[0] == states[1] && states[1] == states[2])
            #expect(!states[0].contains("waiting"))
            let ids = Set(world.terminals.map(\.club.terminal.id))
            for (index, terminal) in world.terminals.enumerated() {
                #expect(try world.totalCounters(terminal) == world.checkIns)
                #expect(try terminal.eventCount("entry") == world.checkIns)
                #expect(try terminal.eventCount("exit") == world.exits)
                #expect(try world.totalPackBalance(terminal) == world.bought - world.used)
                let table = try countsAndListed(terminal)
                #expect(table.allSatisfy { $0.value[0] == $0.value[1] }, "counts beside visits listed: \(table.filter { $0.value[0] != $0.value[1] })")
                let inside = try terminal.insideByLaw()
                #expect(inside.law == inside.store && inside.count == inside.lawCount)
                let visits = try terminal.database.auditEntries(AuditQuery(action: .visit)).count
                let enrols = try terminal.database.auditEntries(AuditQuery(action: .enrol)).count
                #expect(visits + enrols == world.checkIns)
                // Only the two other desks count: every earlier self is retired here.
                let status = try world.syncs[index].status()
                let active = Set(status.terminals.filter { $0.retiredBy == nil }.map(\.terminalId))
                #expect(active == ids.subtracting([terminal.club.terminal.id]), "desk \(index) counts \(active)")
                for earlier in restoring.earlierSelves.keys {
                    #expect(status.retired.contains { $0.terminalId == earlier }, "desk \(index): \(earlier) not retired")
                }
            }
            let counters = try world.terminals.map { try $0.database.allSecureCounters() }
            #expect(counters[0] == counters[1] && counters[1] == counters[2])
            let staff = try world.terminals.map(StaffSyncWorld.state)
            #expect(staff[0] == staff[1] && staff[1] == staff[2])
            let (joiner, joined) = try world.join(copying: 0)
            #expect(joined.errors.isEmpty)
            #expect(try joiner.state() == states[0])
        }
    }

    @Test("once every earlier self's subfolder can go and is deleted, a desk joining later still ends equal",
          .shrinking(false))
    func earlierSelvesDeleted() async throws {
        await propertyCheck(count: 6, input: Self.history) { steps in
            let restoring = try RestoringSyncWorld()
            let world = restoring.world
            // Every history restores a desk at least once: from a backup taken halfway, after which it went on.
            let half = steps.count / 2, index = steps[0] % world.terminals.count
            for code in steps[..<half] { try restoring.step(code) }
            try restoring.backUp(index)
            for code in steps[half...] { try restoring.step(code) }
            try restoring.restore(index, code: steps[1])
            try restoring.settle()
            #expect(!restoring.earlierSelves.isEmpty)
            for sync in world.syncs {
                for retired in try sync.status().retired where restoring.earlierSelves[retired.terminalId] != nil {
                    #expect(retired.canDeleteSubfolder, "\(retired)")
                }
            }
            try restoring.deleteEarlierSelves()
            try restoring.settle()
            for sync in world.syncs { #expect(try sync.reader.read().errors.isEmpty) }
            let (joiner, joined) = try world.join(copying: 1)
            #expect(joined.errors.isEmpty)
            // The joiner reads the side files too (operators, audit, SUN counters, phones' claims):
            // the earlier selves' are gone, so what they held comes from the desks that carry them.
            let joinerView = SyncFolder(path: world.root + "/joiner", files: LocalSyncFolderFiles())
            let sides = try StaffSync(database: joiner.database, terminal: joiner.club.terminal, folder: joinerView, clock: joiner.club.clock).pass(write: false).errors
                + SecureCounterSync(database: joiner.database, terminal: joiner.club.terminal, folder: joinerView, clock: world.clock)
                    .pass(write: false).errors
                + WalletClaimSync(database: joiner.database, terminal: joiner.club.terminal, folder: joinerView, clock: world.clock)
                    .pass(write: false).errors
            #expect(sides.isEmpty, "\(sides)")
            let now = world.clock.now().timeIntervalSince1970
            let sideStates = try (world.terminals + [joiner]).map { try sideState($0, now: now) }
            for (index, other) in sideStates.enumerated().dropFirst() {
                #expect(other == sideStates[0], "desk \(index)'s side state differs: \(Set(other).symmetricDifference(sideStates[0]).sorted().prefix(6))")
            }
            let state = try world.terminals[0].state()
            #expect(try world.terminals[1].state() == state && world.terminals[2].state() == state)
            #expect(try joiner.state() == state)
            #expect(try world.totalCounters(joiner) == world.checkIns)
            #expect(try joiner.eventCount("entry") == world.checkIns)
            let table = try countsAndListed(joiner)
            #expect(table.allSatisfy { $0.value[0] == $0.value[1] }, "joiner's counts beside visits listed: \(table.filter { $0.value[0] != $0.value[1] })")
        }
    }
}
