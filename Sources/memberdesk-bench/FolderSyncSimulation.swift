import Foundation
import MemberDeskTestSupport
import MemberKit

/// `memberdesk-bench folder-sync-sim [DESKS] [MEMBERS] [PEAK_TAPS] [DAYS] [READERS]`
/// (100, 10000, 30, 7, 5): DESKS desks share one folder (on /dev/shm when there is one), each with
/// its own in-memory database, the real writer and reader, and one fake clock. Desk 0 brings the
/// member list and every desk reads it. Then DAYS opening days of 12 hours: each desk taps
/// PEAK_TAPS members in its busiest hour, fewer in the others (`hourShape`), nine in ten of them
/// members whose home desk it is; each tap is written as the watcher writes it (one changes file
/// per tap: taps minutes apart never share the watcher's half second). The first READERS desks
/// tap last in each round and read the folder before their first tap of each hour (so before
/// their daily snapshot, as a watcher that keeps a desk up to date would); the others only write
/// after reading the list once (every desk reading would cost the simulation DESKS × taps merges;
/// a desk that does not read writes snapshots without the others' visit counters, so sizes come
/// from a reader's).
/// Snapshots follow the defaults (1,000 changes or a day). The last desk goes offline after day 0,
/// keeps tapping, and is back at the end: it reads everything once. Prints the folder's size, the
/// busiest hour, and what the returning desk read, split into what grows with the member count
/// (snapshots) and what does not (changes files), so that each scales to 1,000,000 members.
func runFolderSyncSimulation(_ arguments: [String]) throws {
    func argument(_ index: Int, _ fallback: Int) -> Int { arguments.count > index ? Int(arguments[index]) ?? fallback : fallback }
    let simulation = FolderSyncSimulation(desks: argument(0, 100), members: argument(1, 10000), peakTaps: argument(2, 30),
                                          days: max(1, argument(3, 7)), readers: max(1, argument(4, 5)))
    try simulation.run()
}

struct FolderSyncSimulation {
    let desks: Int, members: Int, peakTaps: Int, days: Int, readers: Int
    /// Taps in each of the 12 opening hours, as a share of the busiest: mornings and evenings.
    static let hourShape: [Double] = [1, 0.8, 0.4, 0.3, 0.3, 0.4, 0.3, 0.3, 0.5, 0.9, 1, 0.6]
    static let homeShare = 0.9

    func run() throws {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let folder = base + "/memberdesk-sim-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = FakeClock(Date(timeIntervalSince1970: 1_767_254_400))
        let settings = SyncSettings(folder: folder)  // the defaults: 1,000 changes or 24 hours
        var sites: [(club: Club, sync: DeskSync)] = []
        for index in 0..<desks {
            let database = try AppDatabase.inMemory()
            let terminal = TerminalIdentity(id: UUID().uuidString.lowercased(), name: "Desk \(index)")
            sites.append((Club(database: database, terminal: terminal, settings: ClubSettings(debounce: 0), clock: clock),
                          DeskSync(database: database, settings: settings, terminal: terminal, clock: clock)))
        }
        for member in 0..<members {
            try sites[0].club.addMember(passId: pass(member), username: "Member \(member)",
                                        fields: ["userEmailAddress": .string("member\(member)@example.com")])
        }
        for site in sites { _ = try site.sync.writer.write() }
        for site in sites.dropFirst() { _ = try site.sync.reader.read() }
        let offline = desks - 1
        var random = SystemRandomNumberGenerator()
        var busiest = (files: 0, bytes: 0)
        var taps = 0
        var writing: UInt64 = 0, reading: UInt64 = 0
        // Readers tap last in each round, so each reads after the others' first taps of the hour.
        let order = Array(readers..<desks) + Array(0..<readers)
        var folderBytes = Self.folderSize(folder).bytes
        for day in 0..<days {
            FileHandle.standardError.write(Data("day \(day)\n".utf8))
            for hour in 0..<12 {
                let start = 1_767_254_400 + Double(day) * 86400 + Double(hour) * 3600
                clock.set(Date(timeIntervalSince1970: start))
                let tapsThisHour = max(1, Int((Double(peakTaps) * Self.hourShape[hour]).rounded()))
                var files = 0
                // The desks' taps interleave through the hour, as they would.
                for round in 0..<tapsThisHour {
                    for (position, index) in order.enumerated() {
                        let site = sites[index]
                        if index < readers, index != offline, round == 0 {
                            let t0 = DispatchTime.now().uptimeNanoseconds
                            _ = try site.sync.reader.read()
                            reading += DispatchTime.now().uptimeNanoseconds - t0
                        }
                        clock.set(Date(timeIntervalSince1970: start + 3600 * (Double(round * desks + position) / Double(tapsThisHour * desks))))
                        _ = try site.club.checkIn(passId: pass(member(for: index, using: &random)), source: .nfc)
                        taps += 1
                        // Offline, a desk keeps counting; its files reach the folder when it is back.
                        let t0 = DispatchTime.now().uptimeNanoseconds
                        if index != offline || day == 0, try site.sync.writer.write().file != nil { files += 1 }
                        writing += DispatchTime.now().uptimeNanoseconds - t0
                    }
                }
                let after = Self.folderSize(folder).bytes
                let grown = after - folderBytes
                folderBytes = after
                if files > busiest.files { busiest = (files, grown) }
            }
        }
        try report(folder: folder, sites: sites, offline: offline, busiest: busiest, taps: taps)
        print(String(format: "  (the simulation's own time: %.1f s writing changes files, %.0f µs a tap; %.1f s in the readers' reads)",
                     Double(writing) / 1e9, Double(writing) / 1e3 / Double(max(1, taps)), Double(reading) / 1e9))
    }

    /// A member of this desk's own (nine times in ten), or any member.
    private func member(for desk: Int, using random: inout SystemRandomNumberGenerator) -> Int {
        let home = Double.random(in: 0..<1, using: &random) < Self.homeShare
        guard home, members >= desks else { return Int.random(in: 0..<members, using: &random) }
        let own = (members - desk + desks - 1) / desks  // members m with m % desks == desk
        return desk + desks * Int.random(in: 0..<own, using: &random)
    }

    private func pass(_ member: Int) -> String { String(format: "04%010X", member) }

    private func report(folder: String, sites: [(club: Club, sync: DeskSync)], offline: Int,
                        busiest: (files: Int, bytes: Int), taps: Int) throws {
        let size = Self.folderSize(folder)
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder)
        let snapshots = paths.filter { $0.contains("snapshot-") }.map { Self.size(folder + "/" + $0) }
        let largest = snapshots.max() ?? 0
        let perMember = Double(largest) / Double(members)
        let offlineId = sites[offline].sync.writer.terminal.id
        let waiting = paths.filter { !$0.hasPrefix(offlineId) && $0.hasSuffix(".musrl") }
        let waitingSnapshots = waiting.filter { $0.contains("snapshot-") }
        let snapshotBytes = waitingSnapshots.map { Self.size(folder + "/" + $0) }.reduce(0, +)
        let changeBytes = waiting.filter { !$0.contains("snapshot-") }.map { Self.size(folder + "/" + $0) }.reduce(0, +)
        let changeFiles = waiting.count - waitingSnapshots.count

        let start = DispatchTime.now().uptimeNanoseconds
        let caughtUp = try sites[offline].sync.reader.read()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let merged = caughtUp.counts.new + caughtUp.counts.updated + caughtUp.counts.unchanged + caughtUp.counts.unified
            + caughtUp.counts.deleted
        // Desk 0 reads the returning desk's week; then both must hold the same counts.
        let comingBack = try sites[offline].sync.writer.write()
        _ = try sites[0].sync.pass()
        _ = try sites[offline].sync.reader.read()
        let agree = try stride(from: 0, to: members, by: max(1, members / 500)).allSatisfy { member in
            try sites[0].club.database.member(idOrPass: pass(member))?.numVisits
                == sites[offline].club.database.member(idOrPass: pass(member))?.numVisits
        }

        let scale = 1_000_000.0 / Double(members)
        print("simulation: \(desks) desks, \(members) members (\(Int(Self.homeShare * 100)) % of a desk's taps are its own members),"
              + " \(peakTaps) taps a desk in the busiest hour, \(days) days of 12 hours (\(taps) taps);"
              + " \(readers) desks read every hour, the others only write")
        print(String(format: "  folder at the end: %d files, %.1f MB; %d snapshots, the largest %.0f KB = %.0f bytes a member",
                     size.files, Double(size.bytes) / 1e6, snapshots.count, Double(largest) / 1e3, perMember))
        print(String(format: "    at 1,000,000 members: a snapshot %.0f MB; the folder, one snapshot a desk, %.1f GB",
                     perMember, perMember * Double(desks) / 1e3))
        print(String(format: "  busiest hour: %d changes files over all desks (%.1f a desk), %.0f KB (%.0f bytes a file); the same at any member count",
                     busiest.files, Double(busiest.files) / Double(desks), Double(busiest.bytes) / 1e3,
                     Double(busiest.bytes) / Double(max(1, busiest.files))))
        // Each changes file here holds one tap's member; the rest of what was merged came from snapshots.
        let changesRead = caughtUp.filesRead - caughtUp.snapshotsRead
        let snapshotMembers = max(0, merged - changesRead)
        print(String(format: "  back after %d days offline: %d snapshots (%.1f MB) and %d changes files (%.1f MB) waiting;"
                     + " read %d snapshots and %d changes files (%d files already covered), merged %d members in %.1f s",
                     days - 1, waitingSnapshots.count, Double(snapshotBytes) / 1e6, changeFiles, Double(changeBytes) / 1e6,
                     caughtUp.snapshotsRead, changesRead, caughtUp.filesCovered, merged, seconds))
        print(String(format: "    at 1,000,000 members: the same files, each snapshot %.0f MB: %.1f GB of snapshots to merge (%.0f million members)"
                     + " and %.1f MB of changes files",
                     perMember, Double(caughtUp.snapshotsRead) * perMember / 1e3,
                     Double(snapshotMembers) * scale / 1e6, Double(changeBytes) / 1e6))
        print("  its own days away went out as \(comingBack.snapshot ? "a snapshot" : "one changes file") of \(comingBack.members) members;"
              + " then it and desk 0 agree on every visit count checked: \(agree ? "yes" : "NO")")
        fflush(nil)
    }

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    static func folderSize(_ folder: String) -> (files: Int, bytes: Int) {
        var files = 0, bytes = 0
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files += 1
            bytes += (attributes[.size] as? Int) ?? 0
        }
        return (files, bytes)
    }
}
