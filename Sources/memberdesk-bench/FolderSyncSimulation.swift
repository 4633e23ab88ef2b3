import FolderSync
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit

/// `memberdesk-bench folder-sync-sim [DESKS] [MEMBERS] [PEAK_TAPS] [DAYS] [READERS] [REGULARS_PERCENT]`
/// (100, 10000, 30, 7, 5, 0): DESKS desks share one folder (on /dev/shm when there is one), each with
/// its own in-memory database, the real writer and reader, and one fake clock. Desk 0 brings the
/// member list (so it authors all of it) and every desk reads it. Then DAYS opening days of 12
/// hours: each desk taps PEAK_TAPS members in its busiest hour, fewer in the others (`hourShape`),
/// nine in ten of them members whose home desk it is; each tap is written as the watcher writes it
/// (one changes file per tap: taps minutes apart never share the watcher's half second). The
/// first READERS desks tap last in each round and read the folder before their first tap of each
/// hour; the others only write (every desk reading would cost the simulation DESKS × taps merges).
/// Snapshots follow the default rules, with the 256 KB floor scaled to the member count as the
/// snapshots are, so that each desk decides as it would at 1,000,000 members.
/// Along the way: the last desk goes offline after day 0, keeps tapping and comes back at the end;
/// the second last is retired by desk 0 at the start of day 3 and its subfolder deleted at the
/// start of day 4; after the last day a new desk joins. Prints the folder against one export,
/// the bytes written a desk a day, a reading desk's CPU an hour, what the returning and the joining
/// desk read, and whether they end equal to desk 0; each scaled to 1,000,000 members by measured
/// bytes per member where it grows with the list.
/// With REGULARS_PERCENT, months of use come first: every desk has counted that share of the list
/// (its regulars, its own home members first), one entry and exit each (see
/// `FolderSyncSimulation+Regulars.swift`), and the 7 days run on top of it.
func runFolderSyncSimulation(_ arguments: [String]) throws {
    func argument(_ index: Int, _ fallback: Int) -> Int { arguments.count > index ? Int(arguments[index]) ?? fallback : fallback }
    let simulation = FolderSyncSimulation(desks: max(4, argument(0, 100)), members: argument(1, 10000), peakTaps: argument(2, 30),
                                          days: max(5, argument(3, 7)), readers: max(1, argument(4, 5)),
                                          regularsPercent: min(100, max(0, argument(5, 0))))
    try simulation.run()
}

struct FolderSyncSimulation {
    let desks: Int, members: Int, peakTaps: Int, days: Int, readers: Int, regularsPercent: Int
    /// Taps in each of the 12 opening hours, as a share of the busiest: mornings and evenings.
    static let hourShape: [Double] = [1, 0.8, 0.4, 0.3, 0.3, 0.4, 0.3, 0.3, 0.5, 0.9, 1, 0.6]
    static let homeShare = 0.9
    static let start = 1_767_254_400.0

    typealias Site = (club: Club, sync: DeskSync)

    /// What the run counts as it goes.
    struct Tally {
        var taps = 0
        /// Bytes of the files written into the folder, per day (index = day; `days`: setting up;
        /// `days + 1`: the months of regulars), snapshots and changes files apart.
        var snapshotBytes: [Int] = [], changesBytes: [Int] = []
        var snapshots: [Int] = [], changesFiles: [Int] = []
        /// Each desk's latest snapshot's member count, for the bytes a member.
        var snapshotMembers: [String: Int] = [:]
        var readCPU = 0.0, reads = 0, readFiles = 0
        var goneReports = 0
        /// The list before any tap (desk 0's first snapshot, as an export would write it then).
        var listBytes = 0
        var retireWaiting = 0
    }

    func run() throws {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let folder = base + "/memberdesk-sim-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = FakeClock(Date(timeIntervalSince1970: Self.start))
        var settings = SyncSettings(folder: folder)
        settings.keptBytesFloor = Int64(Double(settings.keptBytesFloor) * Double(members) / 1_000_000)
        func site(_ name: String) throws -> Site {
            let database = try AppDatabase.inMemory()
            let terminal = TerminalIdentity(id: UUID().uuidString.lowercased(), name: name)
            return (Club(database: database, terminal: terminal, settings: ClubSettings(debounce: 0), clock: clock),
                    DeskSync(database: database, files: LocalSyncFolderFiles(), settings: settings, terminal: terminal, clock: clock))
        }
        let sites = try (0..<desks).map { try site("Desk \($0)") }
        var tally = Tally(snapshotBytes: Array(repeating: 0, count: days + 2), changesBytes: Array(repeating: 0, count: days + 2),
                          snapshots: Array(repeating: 0, count: days + 2), changesFiles: Array(repeating: 0, count: days + 2))
        // With months of regulars, the list comes before them (and day 0 still starts at `start`).
        if regularsPercent > 0 { clock.set(Date(timeIntervalSince1970: Self.start - Self.monthsSpan - 86400)) }
        for member in 0..<members {
            try sites[0].club.addMember(passId: pass(member), username: "Member \(member)",
                                        fields: ["userEmailAddress": .string("member\(member)@example.com")])
        }
        // Setting up (counted as day `days`, apart): every desk's first snapshot, and each reads the list.
        for site in sites { try write(site, day: days, folder: folder, tally: &tally) }
        // Desk 0's first snapshot is the list before any tap: what a member's record weighs alone.
        tally.listBytes = tally.snapshotBytes[days]
        for site in sites.dropFirst() { _ = try site.sync.reader.read() }
        let offline = desks - 1, retired = desks - 2
        let months = regularsPercent > 0 ? try countRegulars(sites: sites, folder: folder, clock: clock, offline: offline, tally: &tally) : nil
        var random = SystemRandomNumberGenerator()
        // Readers tap last in each round, so each reads after the others' first taps of the hour.
        let order = Array(readers..<desks) + Array(0..<readers)
        for day in 0..<days {
            FileHandle.standardError.write(Data("day \(day)\n".utf8))
            if day == 3 {
                // Desk 0 takes over the retired desk's members; it taps no more.
                clock.set(Date(timeIntervalSince1970: Self.start + Double(day) * 86400 - 3600))
                let report = try sites[0].sync.retire(sites[retired].sync.writer.terminal.id)
                try count(report.written, site: sites[0], day: day, folder: folder, tally: &tally)
            }
            if day == 4 {
                tally.retireWaiting = try sites[0].sync.status().retired.first?.waitingFor.count ?? -1
                try FileManager.default.removeItem(atPath: SyncFolder(path: folder, files: LocalSyncFolderFiles()).subfolder(sites[retired].sync.writer.terminal.id))
            }
            for hour in 0..<12 {
                let start = Self.start + Double(day) * 86400 + Double(hour) * 3600
                clock.set(Date(timeIntervalSince1970: start))
                let tapsThisHour = max(1, Int((Double(peakTaps) * Self.hourShape[hour]).rounded()))
                // The desks' taps interleave through the hour, as they would.
                for round in 0..<tapsThisHour {
                    for (position, index) in order.enumerated() where !(index == retired && day >= 3) {
                        let site = sites[index]
                        if index < readers, index != offline, round == 0 {
                            let cpu = threadCPU()
                            let read = try site.sync.reader.read()
                            tally.readCPU += threadCPU() - cpu
                            tally.reads += 1
                            tally.readFiles += read.filesRead
                            tally.goneReports += read.errors.filter { $0.contains("author's files are gone") }.count
                        }
                        clock.set(Date(timeIntervalSince1970: start + 3600 * (Double(round * desks + position) / Double(tapsThisHour * desks))))
                        _ = try site.club.checkIn(passId: pass(member(for: index, using: &random)), source: .nfc)
                        tally.taps += 1
                        // Offline, a desk keeps counting; its files reach the folder when it is back.
                        if index != offline || day == 0 { try write(site, day: day, folder: folder, tally: &tally) }
                    }
                }
            }
        }
        try report(folder: folder, sites: sites, offline: offline, retired: retired, tally: tally, months: months, joiner: site("Joining desk"))
    }

    func write(_ site: Site, day: Int, folder: String, tally: inout Tally) throws {
        try count(try site.sync.writer.write(), site: site, day: day, folder: folder, tally: &tally)
    }

    /// Adds a write's file to the day's bytes.
    private func count(_ written: SyncWriteReport, site: Site, day: Int, folder: String, tally: inout Tally) throws {
        guard let file = written.file else { return }
        let size = Self.size(SyncFolder(path: folder, files: LocalSyncFolderFiles()).subfolder(site.sync.writer.terminal.id) + "/" + file)
        if written.snapshot {
            tally.snapshotBytes[day] += size
            tally.snapshots[day] += 1
            tally.snapshotMembers[site.sync.writer.terminal.id] = written.members
        } else {
            tally.changesBytes[day] += size
            tally.changesFiles[day] += 1
        }
    }

    /// A member of this desk's own (nine times in ten), or any member.
    private func member(for desk: Int, using random: inout SystemRandomNumberGenerator) -> Int {
        let home = Double.random(in: 0..<1, using: &random) < Self.homeShare
        guard home, members >= desks else { return Int.random(in: 0..<members, using: &random) }
        let own = (members - desk + desks - 1) / desks  // members m with m % desks == desk
        return desk + desks * Int.random(in: 0..<own, using: &random)
    }

    func pass(_ member: Int) -> String { String(format: "04%010X", member) }

    private func report(folder: String, sites: [Site], offline: Int, retired: Int, tally: Tally, months: Months?, joiner: Site) throws {
        let subfolders = try Self.subfolderSizes(folder)
        let total = subfolders.values.reduce(0) { $0 + $1.bytes }
        let files = subfolders.values.reduce(0) { $0 + $1.files }
        let largest = subfolders.max { $0.value.bytes < $1.value.bytes }
        let snapshotPaths = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.contains("/snapshot-") }
        let snapshotBytes = snapshotPaths.map { Self.size(folder + "/" + $0) }.reduce(0, +)
        let snapshotEntries = tally.snapshotMembers.filter { subfolders[$0.key] != nil }.values.reduce(0, +)
        let perEntry = Double(snapshotBytes) / Double(max(1, snapshotEntries))

        // What a desk that was away six days reads, then desk 0 reads its week, and a new desk joins.
        let cpu0 = threadCPU(), wall0 = DispatchTime.now().uptimeNanoseconds
        let back = try sites[offline].sync.reader.read()
        let backCPU = threadCPU() - cpu0, backWall = Double(DispatchTime.now().uptimeNanoseconds - wall0) / 1e9
        let backMembers = Self.merged(back.counts)
        let backWrite = try sites[offline].sync.writer.write()
        _ = try sites[0].sync.pass()
        _ = try sites[offline].sync.reader.read()
        let export = try exportSize(sites[0], folder: folder)
        let composition = try SnapshotComposition(folder: folder)
        let cpu1 = threadCPU(), wall1 = DispatchTime.now().uptimeNanoseconds
        let joined = try joiner.sync.reader.read()
        let joinCPU = threadCPU() - cpu1, joinWall = Double(DispatchTime.now().uptimeNanoseconds - wall1) / 1e9
        let backAgrees = try agree(sites[0], sites[offline]), joinerAgrees = try agree(sites[0], joiner)

        let steady = 1..<days  // day 0 holds the offline desk's last day and the start; setup is apart
        let activeDesks = Double(desks - 1)
        let perDesk = { (bytes: [Int]) in Double(steady.map { bytes[$0] }.reduce(0, +)) / Double(steady.count) / activeDesks }
        let changesDay = Double(steady.map { tally.changesBytes[$0] }.reduce(0, +)) / Double(steady.count)
        let snapshotsDay = Double(steady.map { tally.snapshotBytes[$0] }.reduce(0, +)) / Double(steady.count)
        // Scaling to 1,000,000 members, three kinds of bytes:
        // - a member's record alone (its fields, as before any tap) grows with the list;
        // - what the months' regulars added (each desk's counters and events of the members it counted,
        //   in the export and in the folder, where they travel as tallies for members another desk
        //   authors) grows with the members counted: a tally is one (desk, member counted) pair, not a
        //   share of the list. Each desk counted a share of the list here, and at 1,000,000 members
        //   the same share is 1,000,000 / MEMBERS times as many members, so this part is scaled so;
        // - what the days' taps added (counters, entries and exits, changes files, the tallies of
        //   members first counted then) does not grow at all: the same desks tap as often, whatever
        //   the list's size, and each tap adds at most one new tally.
        let record = Double(tally.listBytes) / Double(members)
        let exportPerMember = Double(export) / Double(members)
        let grow = 1e6 / Double(members) - 1
        let countedFolder = Double(months.map { $0.folderAfter - $0.folderBefore } ?? 0)
        let countedExport = Double(months.map { $0.exportAfter - $0.exportBefore } ?? 0)
        let list1M = Double(export) + record * (1e6 - Double(members)) + countedExport * grow
        let folder1M = Double(total) + record * (1e6 - Double(members)) + countedFolder * grow
        let perTally = Double(composition.tallyBytes) / Double(max(1, composition.tallies))
        // At most: each tap of the days a new (desk, member) pair, so a new tally beside the events
        // measured (at 1,000,000 members the days' taps meet fewer members twice than here).
        let bareTally = composition.tallies > 0 ? Double(composition.bareTallyBytes) / Double(composition.tallies) : record
        let folder1MBound = folder1M + bareTally * Double(tally.taps)
        let tallies1M = Double(composition.tallyBytes) + Double(months?.snapshotsAfter.tallyBytes ?? 0) * grow

        print("simulation: \(desks) desks, \(members) members (\(Int(Self.homeShare * 100)) % of a desk's taps are its own members),"
              + " \(peakTaps) taps a desk in the busiest hour, \(days) days of 12 hours (\(tally.taps) taps);"
              + " \(readers) desks read every hour, the others only write; snapshot floor scaled to \(settings(sites).keptBytesFloor) bytes"
              + (regularsPercent > 0 ? "; before day 0, months in which each desk counted \(regularsPercent) % of the list" : ""))
        print(String(format: "  folder at the end: %d files, %.2f MB; one export of the list %.2f MB (%.0f bytes a member): ratio %.2f;"
                     + " largest subfolder %.2f MB (%@); snapshots %.2f MB holding %d members (%.0f bytes each)",
                     files, Double(total) / 1e6, Double(export) / 1e6, exportPerMember, Double(total) / Double(export),
                     Double(largest?.value.bytes ?? 0) / 1e6, largest?.key == sites[0].sync.writer.terminal.id ? "desk 0, which brought the list" : "another desk",
                     Double(snapshotBytes) / 1e6, snapshotEntries, perEntry))
        print(String(format: "    the snapshots: full records %.2f MB (%d, %.0f bytes each), tallies %.2f MB (%d, %.0f bytes each, %.0f without their entries and exits: %.0f %% of the snapshots' bytes)",
                     Double(composition.recordBytes) / 1e6, composition.records, Double(composition.recordBytes) / Double(max(1, composition.records)),
                     Double(composition.tallyBytes) / 1e6, composition.tallies, perTally, bareTally,
                     100 * Double(composition.tallyBytes) / Double(max(1, composition.recordBytes + composition.tallyBytes))))
        print(String(format: "    at 1,000,000 members (a record alone %.0f bytes; the regulars' counters, events and tallies x %.0f; the days' taps' as here): one export %.0f MB;"
                     + " the folder %.0f MB, tallies %.0f MB of it (ratio %.2f; at most %.0f MB, ratio %.2f, were every tap of the days a new tally)"
                     + " (goal <= 1.5 x export)  %@;  before #22 every desk's snapshot held the whole list: %.1f GB, ratio %d",
                     record, grow + 1, list1M / 1e6, folder1M / 1e6, tallies1M / 1e6, folder1M / list1M, folder1MBound / 1e6, folder1MBound / list1M,
                     folder1MBound <= 1.5 * list1M ? "ok" : "OVER", list1M * Double(desks) / 1e9, desks))
        if let months { printMonths(months, record: record, grow: grow, tally: tally) }
        print(String(format: "  written into the folder a day (days 1-%d): changes files %.2f MB (%.0f KB a desk), snapshots %.2f MB (%.0f KB a desk),"
                     + " %.1f snapshots a day over all desks; setting up: %.2f MB",
                     days - 1, changesDay / 1e6, perDesk(tally.changesBytes) / 1e3, snapshotsDay / 1e6, perDesk(tally.snapshotBytes) / 1e3,
                     Double(steady.map { tally.snapshots[$0] }.reduce(0, +)) / Double(steady.count), Double(tally.snapshotBytes[days]) / 1e6))
        print(String(format: "    at 1,000,000 members: the same changes files %.1f MB and snapshots %.1f MB a day (each desk's snapshots weigh at most four times its changes files):"
                     + " %.1f MB beside the goal's changes + 1/10 list = %.1f MB  %@;  before #22: a whole list a desk a day, %.1f GB",
                     changesDay / 1e6, snapshotsDay / 1e6, (changesDay + snapshotsDay) / 1e6, (changesDay + list1M / 10) / 1e6,
                     snapshotsDay <= list1M / 10 ? "ok" : "OVER", list1M * Double(desks) / 1e9))
        print(String(format: "  a reading desk: %.0f ms CPU an hour (%d reads, %.0f files merged a read); the same at any member count",
                     tally.readCPU / Double(max(1, tally.reads)) * 1000, tally.reads, Double(tally.readFiles) / Double(max(1, tally.reads))))
        print(String(format: "  back after %d days offline: read %d snapshots and %d changes files (%d already covered), merged %d members: %.1f s wall, %.1f s CPU;"
                     + " its own days away went out as %@ of %d members; then it and desk 0 agree on every member: %@",
                     days - 1, back.snapshotsRead, back.filesRead - back.snapshotsRead, back.filesCovered, backMembers, backWall, backCPU,
                     backWrite.snapshot ? "a snapshot" : "one changes file", backWrite.members, backAgrees ? "yes" : "NO"))
        print(String(format: "  a desk joining after day %d: read %d snapshots and %d changes files, merged %d members: %.1f s wall, %.1f s CPU;"
                     + " it and desk 0 agree on every member: %@",
                     days - 1, joined.snapshotsRead, joined.filesRead - joined.snapshotsRead, Self.merged(joined.counts), joinWall, joinCPU,
                     joinerAgrees ? "yes" : "NO"))
        let joinEntries1M = Double(Self.merged(joined.counts)) + 1e6 - Double(members) + Double(months?.snapshotsAfter.tallies ?? 0) * grow
        print(String(format: "    at 1,000,000 members it merges the list once (%.0f MB of records) plus the snapshots of what the desks counted (%.0f entries in all): about %.0f s CPU at this rate",
                     record * 1e6 / 1e6, joinEntries1M, joinCPU / Double(max(1, Self.merged(joined.counts))) * joinEntries1M))
        print("  desk \(retired) retired on day 3 by desk 0 (\(tally.retireWaiting) desks had not yet read the takeover when its subfolder was deleted on day 4:"
              + " the \(desks - readers - 2) that only write never read); reports of members whose author's files are gone: \(tally.goneReports);"
              + " the retired desk's subfolder \(subfolders[sites[retired].sync.writer.terminal.id] == nil ? "is gone" : "is STILL THERE")")
        fflush(nil)
    }

    /// The months of regulars: what they wrote, and the folder beside one export once they were counted.
    private func printMonths(_ months: Months, record: Double, grow: Double, tally: Tally) {
        let after = months.snapshotsAfter
        let warm = days + 1
        print(String(format: "  months before day 0: each desk counted %d members (%d of its own first), one entry and one exit each, each tap written (%d visits, %d changes files, %d snapshots:"
                     + " %.2f MB and %.2f MB written), %.0f s wall; then the folder %.2f MB beside one export of %.2f MB (ratio %.2f);"
                     + " snapshots: full records %.2f MB (%d), tallies %.2f MB (%d, %.0f bytes each, %.0f without their entries and exits)",
                     months.regularsPerDesk, months.homePerDesk, months.visits, tally.changesFiles[warm], tally.snapshots[warm],
                     Double(tally.changesBytes[warm]) / 1e6, Double(tally.snapshotBytes[warm]) / 1e6, months.wall,
                     Double(months.folderAfter) / 1e6, Double(months.exportAfter) / 1e6, Double(months.folderAfter) / Double(max(1, months.exportAfter)),
                     Double(after.recordBytes) / 1e6, after.records, Double(after.tallyBytes) / 1e6, after.tallies,
                     Double(after.tallyBytes) / Double(max(1, after.tallies)), Double(after.bareTallyBytes) / Double(max(1, after.tallies))))
        let folder1M = Double(months.folderAfter) + record * (1e6 - Double(members)) + Double(months.folderAfter - months.folderBefore) * grow
        let export1M = Double(months.exportAfter) + record * (1e6 - Double(members)) + Double(months.exportAfter - months.exportBefore) * grow
        let perPoint = { (bytes: Int) in Double(bytes) * (grow + 1) / Double(regularsPercent) / 1e6 }
        print(String(format: "    at 1,000,000 members, each desk counting the same %d %% (%.0f members, %.0f tallies in all): the folder %.0f MB beside one export of %.0f MB, ratio %.2f;"
                     + " each percent of the list counted by every desk adds %.0f MB to the folder and %.0f MB to the export",
                     regularsPercent, 1e4 * Double(regularsPercent), Double(after.tallies) * (grow + 1), folder1M / 1e6, export1M / 1e6, folder1M / export1M,
                     perPoint(months.folderAfter - months.folderBefore), perPoint(months.exportAfter - months.exportBefore)))
    }

    private func settings(_ sites: [Site]) -> SyncSettings { sites[0].sync.settings }

    /// Every member has the same visit count and liveness on both desks.
    private func agree(_ a: Site, _ b: Site) throws -> Bool {
        for member in 0..<members {
            let left = try a.sync.database.member(idOrPass: pass(member)), right = try b.sync.database.member(idOrPass: pass(member))
            guard left?.numVisits == right?.numVisits, left?.memberId == right?.memberId else { return false }
        }
        return try a.sync.database.memberCount() == b.sync.database.memberCount()
    }

    private static func merged(_ counts: MergeCounts) -> Int {
        counts.new + counts.updated + counts.unchanged + counts.unified + counts.deleted
    }

    private func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Files and bytes of each subfolder (our temporary export, a dot file, is left out).
    static func subfolderSizes(_ folder: String) throws -> [String: (files: Int, bytes: Int)] {
        var sizes: [String: (files: Int, bytes: Int)] = [:]
        for desk in try FileManager.default.contentsOfDirectory(atPath: folder) where !desk.hasPrefix(".") {
            var files = 0, bytes = 0
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + desk)) ?? [] {
                files += 1
                bytes += size(folder + "/" + desk + "/" + name)
            }
            sizes[desk] = (files, bytes)
        }
        return sizes
    }
}
