import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import PropertyBased
import Synchronization
import Testing

/// Three terminals sharing a folder without Syncthing: random check-ins, renames, suspensions,
/// deletions and same-card enrolments, with files written, carried (late, twice, out of order,
/// half-written) and read at random. Once everything is delivered, all three agree and every
/// check-in is counted once. All sync state lives in each database, so a restart is a new
/// `DeskSync` over the same database: the steps use fresh ones throughout. Desks tap members
/// other desks enrolled, so their files carry tallies (see `TallyEntry`), delivered like the rest.
@Suite("Folder sync properties")
struct FolderSyncPropertyTests {
    static let history = Gen.int(in: 0...1_000_000).array(of: 5...60)

    @Test("three terminals sharing a folder converge, and count every check-in once")
    func converge() async throws {
        let talliesSeen = Mutex(0)
        let walletSeen = Mutex(0)
        let salesSeen = Mutex(0)
        let guestsSeen = Mutex(0)
        let passesSeen = Mutex(0)
        await propertyCheck(count: 40, input: Self.history) { steps in
            let world = try SyncFolderWorld()
            // Half the histories start from one desk's list that every desk has, so the other
            // desks count members they did not author; the others enrol as they go.
            if steps.first.map({ $0 % 2 == 0 }) ?? false { try world.shareList() }
            for code in steps { try world.step(code) }
            try world.settle()
            let states = try world.terminals.map { try $0.state() }
            #expect(states[0] == states[1] && states[1] == states[2])
            // Every tally met its member's record: no last visit is left waiting.
            #expect(!states[0].contains("waiting"))
            let tallies = try world.tallyEntries()
            talliesSeen.withLock { $0 += tallies.count }
            // A tally never carries another active desk's counters or events.
            for (desk, entry) in tallies {
                #expect(entry.counters.keys.allSatisfy { $0 == desk } && entry.events.allSatisfy { $0.terminalId == desk })
            }
            // A desk that joins now reads snapshots in any order (tallies before their records too).
            let (joiner, joined) = try world.join(copying: 0)
            #expect(joined.errors.isEmpty)
            #expect(try joiner.state() == states[0])
            for terminal in world.terminals {
                // One live holder of each pass, whatever case each desk typed it in.
                let live = try terminal.liveMembers()
                #expect(Set(live.map { $0.passId.lowercased() }).count == live.count)
                #expect(try world.totalCounters(terminal) == world.checkIns)
                // Every top-up and every use of a pack once: balance = bought - used, exactly.
                #expect(try world.totalPackBalance(terminal) == world.bought - world.used)
                // Entries and exits travelled in the changes files and snapshots: each once,
                // and every desk has the same people inside, as many as the events say.
                #expect(try terminal.eventCount("entry") == world.checkIns)
                #expect(try terminal.eventCount("exit") == world.exits)
                // Guests too: each host's entry's guests, less those who left alone since.
                #expect(try terminal.eventCount("guestsLeft") == world.guestDepartures)
                let inside = try terminal.insideByLaw()
                #expect(inside.law == inside.store && inside.count == inside.lawCount)
                // The record travelled too: every check-in and exit is in it once, at every desk.
                let visits = try terminal.database.auditEntries(AuditQuery(action: .visit)).count
                let enrols = try terminal.database.auditEntries(AuditQuery(action: .enrol)).count
                #expect(visits + enrols == world.checkIns)
                #expect(try terminal.database.auditEntries(AuditQuery(action: .exit)).count == world.exits)
            }
            // SUN tags' read counters: every desk holds every desk's entries, and the register is
            // the highest read tapped anywhere (a grow-only register).
            let counters = try world.terminals.map { try $0.database.allSecureCounters() }
            #expect(counters[0] == counters[1] && counters[1] == counters[2])
            for (uid, highest) in world.sunHighest {
                for terminal in world.terminals { #expect(try terminal.database.lastSecureCounter(uid: uid) == highest) }
            }
            // Phones' claims: every desk holds every claim not yet expired, kept to its latest time
            // (a grow-only set merged by union), so a cryptogram read anywhere is a replay everywhere.
            let now = world.clock.now().timeIntervalSince1970
            let claims = world.walletClaims.filter { $0.value >= now }
            for terminal in world.terminals { #expect(try terminal.database.liveWalletClaims(now: now) == claims) }
            walletSeen.withLock { $0 += claims.count }
            // Wallet passes' credentials: every desk holds every one issued, revoked alike, so every
            // desk judges a pass at the reader alike.
            let credentials = try world.terminals.map { try $0.database.allPassCredentials() }
            #expect(credentials[0] == credentials[1] && credentials[1] == credentials[2])
            #expect(Set(credentials[0].map(\.credential)) == Set(world.passesIssued))
            passesSeen.withLock { $0 += world.passesIssued.count }
            // Operators and the record of who did what agree at all three desks.
            let staff = try world.terminals.map(StaffSyncWorld.state)
            #expect(staff[0] == staff[1] && staff[1] == staff[2])
            // Sales made at any desk give the same sales figures at every desk, each sale once.
            let sales = try world.terminals.map { try $0.club.salesFigures(period: world.salesPeriod) }
            #expect(sales[0] == sales[1] && sales[1] == sales[2])
            #expect(sales[0].sales.count == world.sales && sales[0].totals.map(\.tally.amount.cents).reduce(0, +) == world.salesCents)
            salesSeen.withLock { $0 += world.sales }
            guestsSeen.withLock { $0 += world.guestDepartures }
        }
        // The histories had desks counting members they did not author.
        #expect(talliesSeen.withLock { $0 } > 0)
        // And some histories ended with phones' claims still live to compare.
        #expect(walletSeen.withLock { $0 } > 0)
        // And sales to compare.
        #expect(salesSeen.withLock { $0 } > 0)
        // And Wallet passes issued.
        #expect(passesSeen.withLock { $0 } > 0)
        // And guests who left without their hosts.
        #expect(guestsSeen.withLock { $0 } > 0)
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

    @Test("a desk retired, its subfolder deleted once every desk read the takeover: a desk that joins still ends equal")
    func retireThenDelete() async throws {
        await propertyCheck(count: 25, input: Self.history) { steps in
            let world = try SyncFolderWorld()
            let half = steps.count / 2
            for code in steps.prefix(half) { try world.step(code) }
            try world.settle()
            let report = try world.retire(2, by: 0)
            #expect(report.retired.takenOverBy == "T1")
            for code in steps.dropFirst(half) { try world.step(code) }
            try world.settle()
            let retired = try #require(try world.syncs[0].status().retired.first)
            #expect(retired.terminalId == "T3" && retired.canDeleteSubfolder)
            try world.deleteSubfolder(2)
            try world.settle()
            for index in world.active {
                #expect(try world.syncs[index].reader.read().errors.isEmpty)
            }
            let (joiner, read) = try world.join(copying: 1)
            #expect(read.errors.isEmpty)
            let state = try world.terminals[0].state()
            #expect(try world.terminals[1].state() == state)
            #expect(try joiner.state() == state)
            #expect(try world.totalCounters(joiner) == world.checkIns)
        }
    }

    @Test("a desk's subfolder deleted before any desk took it over is reported, and retiring it then repairs it")
    func subfolderLostBeforeTakeover() async throws {
        await propertyCheck(count: 25, input: Self.history) { steps in
            let world = try SyncFolderWorld()
            for code in steps { try world.step(code) }
            try world.settle()
            let authored = try world.terminals[0].database.membersAuthored(by: "T3")
            try world.deleteSubfolder(2)
            let read = try world.syncs[0].reader.read()
            if authored > 0 {
                #expect(read.errors.contains { $0.contains("members whose author's files are gone") && $0.contains("T3") })
                let desk = try #require(try world.syncs[0].status().terminals.first { $0.terminalId == "T3" })
                #expect(desk.lastError?.contains("author's files are gone") == true)
            } else {
                #expect(read.errors.isEmpty)
            }
            // Repair: a desk that still holds them takes them over.
            _ = try world.syncs[0].retire("T3")
            try world.settle()
            #expect(try world.syncs[0].status().terminals.first { $0.terminalId == "T3" }?.lastError == nil)
            let (joiner, joined) = try world.join(copying: 1)
            #expect(joined.errors.isEmpty)
            #expect(try joiner.state() == world.terminals[0].state())
        }
    }
}
