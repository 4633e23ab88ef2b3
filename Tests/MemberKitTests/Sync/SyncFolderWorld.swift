import FolderSync
import Foundation
import MemberDeskTestSupport
@testable import MemberKit

/// Three terminals, each with its own view of a shared folder (its own copy, as Syncthing gives
/// each device), and a carrier that copies files between the views late, twice, out of order,
/// or half-written first, as a network share or a slow link might.
final class SyncFolderWorld {
    /// Card UIDs (the normalizer uppercases them) and one typed pass, tapped in any case (`PassCase`).
    static let passes = ["04000A01", "04000A02", "04000A03", "04000A04", "Card-Q7"]
    let clock = FakeClock()
    let root: String
    /// A desk restored from a backup is a new terminal on the same view (`RestoringSyncWorld`).
    var terminals: [SyncTestTerminal]
    var syncs: [DeskSync]
    let hasher = FakePINHasher()
    var checkIns = 0
    var exits = 0
    /// Guests who left without their host (`guestsLeft` events), at every desk.
    var guestDepartures = 0
    /// Every Wallet pass credential issued, at any desk, in order.
    var passesIssued: [String] = []
    /// The desk and pass of the latest entry that brought guests.
    var lastGuestHost: (desk: Int, pass: String)?
    /// Visits bought (pack top-ups) and used (admitted entries of a pack member, per visit), at every desk.
    var bought = 0
    var used = 0
    /// SUN tags: the highest read counter tapped anywhere, per tag (the register every desk must reach).
    var sunHighest: [String: UInt32] = [:]
    static let sunTags = ["04AA000000A001", "04AA000000A002"]
    /// Phones' cryptograms: each digest some desk claimed, with the latest time it is kept to
    /// (the claims every desk must hold once settled), and how many distinct cryptograms were made.
    var walletClaims: [[UInt8]: Double] = [:]
    var walletCryptograms = 0
    /// Desks that left (retired or lost): they neither write, carry nor read any more.
    var gone: Set<Int> = []
    var active: [Int] { (0..<terminals.count).filter { !gone.contains($0) } }

    init(snapshotChanges: Int = 3, mergeChunk: Int = 2) throws {
        root = NSTemporaryDirectory() + "memberdesk-sync-\(UUID().uuidString)"
        let clock = self.clock
        // Phones' claims kept ten minutes: about ten steps, so histories end with some live and some expired.
        let settings = ClubSettings(plans: PlanSettings(packUse: .perVisit, catalogue: Self.catalogue), wallet: WalletSettings(maxAge: 600))
        terminals = try ["T1", "T2", "T3"].map { try SyncTestTerminal(id: $0, clock: clock, settings: settings) }
        var syncs: [DeskSync] = []
        for (index, terminal) in terminals.enumerated() {
            let view = root + "/view\(index)"
            try FileManager.default.createDirectory(atPath: view, withIntermediateDirectories: true)
            let settings = SyncSettings(folder: view, snapshotChanges: snapshotChanges, snapshotInterval: 1e9, mergeChunk: mergeChunk)
            syncs.append(DeskSync(database: terminal.database, files: LocalSyncFolderFiles(), settings: settings, terminal: terminal.club.terminal, clock: clock))
        }
        self.syncs = syncs
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func view(_ index: Int) -> String { root + "/view\(index)" }

    /// The files terminal `from` has written, by name.
    func outbox(_ from: Int) throws -> [String] {
        let directory = view(from) + "/" + terminals[from].club.terminal.id
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Copies one file of terminal `from` into terminal `to`'s view: whole, or only its first half
    /// under the final name (a reader must find it bad, then read it once it is whole).
    func deliver(_ name: String, from: Int, to: Int, half: Bool = false) throws {
        let id = terminals[from].club.terminal.id
        let source = view(from) + "/" + id + "/" + name
        let targetDirectory = view(to) + "/" + id
        try FileManager.default.createDirectory(atPath: targetDirectory, withIntermediateDirectories: true)
        guard var data = FileManager.default.contents(atPath: source) else { return }
        if half { data = data.prefix(data.count / 2) }
        let target = targetDirectory + "/" + name
        try? FileManager.default.removeItem(atPath: target)
        try data.write(to: URL(fileURLWithPath: target))
    }

    /// Makes `to`'s copy of `from`'s subfolder exactly like the original (deletions included).
    func mirror(from: Int, to: Int) throws {
        let id = terminals[from].club.terminal.id
        let names = Set(try outbox(from))
        let targetDirectory = view(to) + "/" + id
        if FileManager.default.fileExists(atPath: targetDirectory) {
            for name in try FileManager.default.contentsOfDirectory(atPath: targetDirectory) where !names.contains(name) {
                try FileManager.default.removeItem(atPath: targetDirectory + "/" + name)
            }
        }
        for name in names {
            let target = targetDirectory + "/" + name
            let source = view(from) + "/" + id + "/" + name
            if FileManager.default.contents(atPath: target) != FileManager.default.contents(atPath: source) {
                try deliver(name, from: from, to: to)
            }
        }
    }

    /// One step decoded from a random number.
    func step(_ code: Int) throws {
        clock.advance(by: 61 + Double(code % 7))
        let index = active[code % active.count]
        let terminal = terminals[index]
        let pass = PassCase.vary(Self.passes[(code / 3) % Self.passes.count], code)
        switch (code / 12) % 14 {
        case 0..<4 where (code / 1728) % 4 == 0 && (code / 6912) % 2 == 0:
            // Some guests leave without their host: often the last guests' host, at the desk that let
            // them in; else anyone's, at a desk that may not know yet of their entry.
            let (desk, host) = (code / 7) % 3 != 0 ? lastGuestHost ?? (index, pass) : (index, pass)
            if active.contains(desk),
               case .guestsLeft(_, 1..., _) = try terminals[desk].club.checkOut(passId: host, guests: 1 + code % 2).outcome {
                guestDepartures += 1
            }
        case 0..<4 where (code / 1728) % 4 == 0:
            // An exit at a random desk, which may not know yet of the entry another desk made.
            if case .checkedOut = try terminal.club.checkOut(passId: pass).outcome { exits += 1 }
        case 0..<4 where (code / 1728) % 4 == 1:
            // A phone at the reader instead of a card.
            try walletStep(code, at: index, pass: pass)
        case 0..<4:
            // A tap on a locked desk (nobody), or with an operator on duty.
            let actor = code % 2 == 0 ? nil : AuditActor(operator: Self.operators[(code / 7) % 2], method: .tap)
            // Some hosts bring guests (refused while the host is inside at this desk).
            let report = try terminal.club.checkIn(passId: pass, source: .nfc, by: actor, guests: (code / 5) % 2 == 0 ? 1 + code % 3 : 0)
            switch report.outcome {
            case .checkedIn, .enrolled:
                checkIns += 1
                if report.guests > 0 { lastGuestHost = (index, pass) }
                if report.plan?.visitsLeft != nil { used += 1 }
            default: break
            }
        case 5 where (code / 1728) % 3 == 0:
            // A pack top-up at a random desk (an open member becomes a pack member).
            if let member = try terminal.database.member(idOrPass: pass) {
                let visits = 1 + code % 3
                try terminal.club.updateMember(id: member.memberId, MemberChanges(plan: PlanChanges(addVisits: visits)))
                bought += visits
            }
        case 4 where (code / 1728) % 4 == 3:
            // A plan of the catalogue sold at a random desk: its sale travels in the audit files.
            if let member = try terminal.database.member(idOrPass: pass) {
                let product = Self.catalogue.products[(code / 5) % Self.catalogue.products.count]
                let sold = try terminal.club.sell(product.name, to: member.memberId, by: AuditActor(operator: Self.operators[code % 2], method: .manual))
                bought += product.visits ?? 0
                sales += 1
                salesCents += sold.sale.price.cents
            }
        case 4:
            if let member = try terminal.database.member(idOrPass: pass) {
                try terminal.club.updateMember(id: member.memberId, MemberChanges(username: .some("name \(code)")))
            }
        case 5:
            if let member = try terminal.database.member(idOrPass: pass) {
                let status: MemberStatus = code % 2 == 0 ? .suspended : .active
                try terminal.club.updateMember(id: member.memberId, MemberChanges(status: status))
            }
        case 6:
            if code % 4 == 0, let member = try terminal.database.member(idOrPass: pass) {
                try terminal.club.deleteMember(id: member.memberId)
            }
        case 7, 8:
            _ = try syncs[index].writer.write()
        case 9, 10:
            // The carrier: one file, to one other view, maybe half, maybe again, in any order.
            let others = active.filter { $0 != index }
            guard !others.isEmpty else { return }
            let to = others[(code / 144) % others.count]
            let files = try outbox(index)
            guard !files.isEmpty else { return }
            let name = files[(code / 288) % files.count]
            try deliver(name, from: index, to: to, half: (code / 576) % 4 == 0)
        case 11 where (code / 1728) % 2 == 0:
            // A SUN tag's read: a new one, or one a desk has seen (a replay, which may get in
            // at a desk that has not synced).
            let uid = Self.sunTags[(code / 3) % Self.sunTags.count]
            let highest = sunHighest[uid] ?? 0
            let counter = (code / 24) % 3 == 0 && highest > 0 ? highest - UInt32((code / 72) % 2) : highest + 1
            let report = try terminal.club.checkIn(passId: SecureTap(uid: uid, counter: counter).passId, source: .nfc,
                                                   secure: SecureTap(uid: uid, counter: counter))
            switch report.outcome {
            case .checkedIn, .enrolled: checkIns += 1
            default: break
            }
            sunHighest[uid] = max(highest, counter)
        case 11 where (code / 3456) % 2 == 0 && (code / 6912) % 2 == 0:
            // A Wallet pass issued, or a member's passes revoked, at a desk that may not know the
            // other desks' yet; then the pass at the reader, which every desk must judge alike once settled.
            if let member = try terminal.database.member(idOrPass: pass) {
                if (code / 13824) % 3 == 0 {
                    _ = try terminal.club.revokePasses(memberId: member.memberId)
                } else {
                    let wallet: WalletKind = code % 2 == 0 ? .apple : .google
                    passesIssued.append(try terminal.club.issuePassCredential(memberId: member.memberId, wallet: wallet).credential)
                }
            }
            if let credential = passesIssued.last {
                let report = try terminal.club.checkIn(passId: credential, source: .wedge)
                if case .checkedIn = report.outcome {
                    checkIns += 1
                    // A pack member's pass uses a visit of the pack, as the card does.
                    if report.plan?.visitsLeft != nil { used += 1 }
                }
            }
        case 11 where (code / 3456) % 2 == 0:
            try walletStep(code, at: index, pass: pass)
        case 12:
            try staffStep(code, at: index)
        case 13:
            _ = try staffSync(index).pass()
            _ = try secureCounterSync(index).pass()
            _ = try walletClaimSync(index).pass()
            _ = try passCredentialSync(index).pass()
        default:
            _ = try syncs[index].reader.read()
        }
    }

    static let operators = ["Mia", "Bo"]

    /// What the desks sell (`step`'s sales), and the sales made and their sum, at every desk.
    static let catalogue = PlanCatalogue(products: [
        PlanProduct(name: "ten-pack", kind: .pack, visits: 10, price: PlanPrice(cents: 12000), validDays: 365),
        PlanProduct(name: "monthly", kind: .open, price: PlanPrice(cents: 4550), validDays: 30),
        PlanProduct(name: "day", kind: .day, price: PlanPrice(cents: 1200)),
    ], currency: "EUR")
    var sales = 0
    var salesCents = 0

    /// Every day the histories can reach (each step is about a minute from the fake clock's start).
    var salesPeriod: ReportPeriod {
        get throws {
            let start = Int(FakeClock().now().timeIntervalSince1970 / 86_400)
            return try ReportPeriod(from: CalendarDay(dayNumber: start - 1), to: CalendarDay(dayNumber: start + 30), timeZone: TimeZone(identifier: "UTC")!)
        }
    }

    /// A phone held at desk `index`: a new cryptogram, or one read before (a replay, refused where
    /// the desk knows it, admitted where it does not yet).
    private func walletStep(_ code: Int, at index: Int, pass: String) throws {
        let fresh = walletCryptograms == 0 || (code / 24) % 3 != 0
        if fresh { walletCryptograms += 1 }
        // A replay is of one of the last few: still fresh, so desks that know it refuse it.
        let number = fresh ? walletCryptograms : walletCryptograms - (code / 72) % min(3, walletCryptograms)
        let digest = [UInt8](repeating: 0xC0, count: 28) + withUnsafeBytes(of: UInt32(number).bigEndian, Array.init)
        let now = clock.now()
        let report = try terminals[index].club.checkIn(wallet: WalletPresentation(wallet: .apple, read: .pass(passId: pass, madeAt: now, digest: digest)),
                                                        by: nil)
        if case .walletRefused(.replay, _) = report.outcome { return }
        // Any other answer claimed the cryptogram in the tap's transaction.
        walletClaims[digest] = max(walletClaims[digest] ?? 0, now.timeIntervalSince1970 + terminals[index].club.settings.wallet.maxAge)
        if case .checkedIn = report.outcome {
            checkIns += 1
            if report.plan?.visitsLeft != nil { used += 1 }
        }
    }

    /// An operator added, removed or given a card, or a sign-in (right or wrong PIN), at desk `index`.
    private func staffStep(_ code: Int, at index: Int) throws {
        let club = terminals[index].club
        let name = Self.operators[(code / 168) % 2]
        let cli = AuditActor.cli(user: "t\(index)")
        switch (code / 336) % 4 {
        case 0: _ = try? club.addStaff(name: name, role: code % 2 == 0 ? .desk : .manager, pin: PIN("4821"), hasher: hasher, by: cli)
        case 1: try? club.removeStaff(name: name, by: cli)
        case 2: try? club.setStaffCard(name: name, card: "0499000\(code % 3)", by: cli)
        default: _ = try? club.signIn(.name(name), pin: PIN(code % 2 == 0 ? "4821" : "1111"), hasher: hasher)
        }
    }

    /// Desk `index`'s operators and audit files: written, then the others' read.
    func staffSync(_ index: Int) -> StaffSync {
        StaffSync(database: terminals[index].database, terminal: terminals[index].club.terminal, folder: SyncFolder(path: view(index), files: LocalSyncFolderFiles()), clock: terminals[index].club.clock)
    }

    /// Desk `index`'s SUN counters: its file written, then the others' merged.
    func secureCounterSync(_ index: Int) -> SecureCounterSync {
        SecureCounterSync(database: terminals[index].database, terminal: terminals[index].club.terminal,
                          folder: SyncFolder(path: view(index), files: LocalSyncFolderFiles()), clock: clock)
    }

    /// Desk `index`'s phone claims: its file written, then the others' merged.
    func passCredentialSync(_ index: Int) -> PassCredentialSync {
        PassCredentialSync(database: terminals[index].database, terminal: terminals[index].club.terminal,
                           folder: SyncFolder(path: view(index), files: LocalSyncFolderFiles()), clock: clock)
    }

    func walletClaimSync(_ index: Int) -> WalletClaimSync {
        WalletClaimSync(database: terminals[index].database, terminal: terminals[index].club.terminal,
                        folder: SyncFolder(path: view(index), files: LocalSyncFolderFiles()), clock: clock)
    }

    /// Desk 0 enrols every pass and the list travels to every desk: the other desks' taps of
    /// these members are then counts of members another desk authored (tallies in their files).
    func shareList() throws {
        for pass in Self.passes {
            switch try terminals[active[0]].club.checkIn(passId: pass, source: .nfc).outcome {
            case .checkedIn, .enrolled: checkIns += 1
            default: break
            }
        }
        try settle()
    }

    /// Everything written, delivered whole, and read, until nothing changes.
    func settle() throws {
        for _ in 0..<3 {
            for index in active {
                _ = try syncs[index].writer.write()
                _ = try staffSync(index).pass()
                _ = try secureCounterSync(index).pass()
                _ = try walletClaimSync(index).pass()
                _ = try passCredentialSync(index).pass()
            }
            for from in active { for to in active where from != to { try mirror(from: from, to: to) } }
            for index in active {
                _ = try syncs[index].reader.read()
                _ = try staffSync(index).pass()
                _ = try secureCounterSync(index).pass()
                _ = try walletClaimSync(index).pass()
                _ = try passCredentialSync(index).pass()
            }
        }
    }

    /// Desk `leaving` stops for good and desk `taker` takes over what it authored.
    func retire(_ leaving: Int, by taker: Int) throws -> SyncRetireReport {
        gone.insert(leaving)
        return try syncs[taker].retire(terminals[leaving].club.terminal.id)
    }

    /// Deletes a desk's subfolder from every view (what a person cleaning up the folder does).
    func deleteSubfolder(_ index: Int) throws {
        gone.insert(index)
        for view in 0..<terminals.count {
            try? FileManager.default.removeItem(atPath: self.view(view) + "/" + terminals[index].club.terminal.id)
        }
    }

    /// A new desk that joins now, with a copy of desk `from`'s view, reads it all once.
    func join(copying from: Int) throws -> (SyncTestTerminal, SyncReadReport) {
        let joiner = try SyncTestTerminal(id: "T9", clock: clock)
        let view = root + "/joiner"
        try? FileManager.default.removeItem(atPath: view)
        try FileManager.default.copyItem(atPath: self.view(from), toPath: view)
        let sync = DeskSync(database: joiner.database, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: view, mergeChunk: 2),
                            terminal: joiner.club.terminal, clock: clock)
        return (joiner, try sync.reader.read())
    }

    /// The tallies in the files each active desk has written (in its own view), with their desk.
    func tallyEntries() throws -> [(desk: String, entry: ExchangeMember)] {
        var tallies: [(desk: String, entry: ExchangeMember)] = []
        for index in active {
            let id = terminals[index].club.terminal.id
            for name in try outbox(index) where SyncFileName(parsing: name) != nil {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: view(index) + "/" + id + "/" + name)))
                for entry in try SnapshotExportAgreementTests.members(bytes).values where entry.isTally { tallies.append((id, entry)) }
            }
        }
        return tallies
    }

    /// The sum of every pack's balance, from the counters.
    func totalPackBalance(_ terminal: SyncTestTerminal) throws -> Int {
        try terminal.database.read { store in
            try Int.fetchOne(store.db, sql: "SELECT coalesce(sum(added - used), 0) FROM pack_counter") ?? 0
        }
    }

    func totalCounters(_ terminal: SyncTestTerminal) throws -> Int {
        try terminal.database.read { store in try Int.fetchOne(store.db, sql: "SELECT coalesce(sum(count), 0) FROM visit_counter") ?? 0 }
    }
}
