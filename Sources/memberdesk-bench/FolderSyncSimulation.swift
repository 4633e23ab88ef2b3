import Foundation
import MemberDeskTestSupport
import MemberKit

/// `memberdesk-bench folder-sync-sim [DESKS] [MEMBERS] [TAPS_PER_DESK_HOUR]` (100, 2000, 20):
/// DESKS desks share one folder (on /dev/shm when there is one), with the real writer and reader
/// and a fake clock. Desk 0 brings the member list; every desk reads it. Then two opening days of
/// 12 busy hours: each desk checks in TAPS members an hour, each tap written as the watcher writes
/// it; snapshots come once a day (sync.snapshot_hours = 24). The last desk is offline from the
/// start of day 1 and reads everything at the end. Prints the folder's size and the reads.
func runFolderSyncSimulation(_ arguments: [String]) throws {
    let deskCount = arguments.first.flatMap(Int.init) ?? 100
    let memberCount = arguments.dropFirst().first.flatMap(Int.init) ?? 2000
    let tapsPerHour = arguments.dropFirst(2).first.flatMap(Int.init) ?? 20
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let folder = base + "/memberdesk-sim-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let clock = FakeClock()
    let settings = SyncSettings(folder: folder, snapshotChanges: 1000, snapshotInterval: 86400)
    var desks: [(club: Club, sync: DeskSync)] = []
    for index in 0..<deskCount {
        let database = try AppDatabase.inMemory()
        let terminal = TerminalIdentity(id: String(format: "desk-%03d", index), name: "Desk \(index)")
        desks.append((Club(database: database, terminal: terminal, settings: ClubSettings(debounce: 0), clock: clock),
                      DeskSync(database: database, settings: settings, terminal: terminal, clock: clock)))
    }
    for member in 0..<memberCount {
        try desks[0].club.addMember(passId: String(format: "04%010X", member), username: "Member \(member)",
                                    fields: ["userEmailAddress": .string("m\(member)@example.com")])
    }
    for desk in desks { _ = try desk.sync.writer.write() }
    for desk in desks.dropFirst() { _ = try desk.sync.reader.read() }
    let offline = desks.count - 1
    var random = SystemRandomNumberGenerator()
    var busiestHour = (files: 0, bytes: 0)
    for day in 0..<2 {
        for hour in 0..<12 {
            clock.set(Date(timeIntervalSince1970: 1_767_254_400 + Double(day) * 86400 + Double(hour) * 3600))
            let before = folderSize(folder)
            var files = 0
            for (index, desk) in desks.enumerated() {
                for _ in 0..<tapsPerHour {
                    clock.advance(by: 3600.0 / Double(tapsPerHour * deskCount))
                    _ = try desk.club.checkIn(passId: String(format: "04%010X", Int.random(in: 0..<memberCount, using: &random)),
                                             source: .nfc)
                    if try desk.sync.writer.write().file != nil { files += 1 }
                }
                // Online desks read once an hour (the watcher reads on every file; the bytes are the same).
                if index != offline, hour % 4 == 3 { _ = try desk.sync.reader.read() }
            }
            let grown = folderSize(folder).bytes - before.bytes
            if files > busiestHour.files { busiestHour = (files, grown) }
        }
    }
    let size = folderSize(folder)
    let snapshots = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.contains("snapshot-") }
    let snapshotBytes = snapshots.compactMap { try? FileManager.default.attributesOfItem(atPath: folder + "/" + $0)[.size] as? Int }
    let perMember = Double(snapshotBytes.max() ?? 0) / Double(memberCount)
    let start = DispatchTime.now().uptimeNanoseconds
    let caughtUp = try desks[offline].sync.reader.read()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let agree = try desks[0].club.database.memberCount() == desks[offline].club.database.memberCount()
    print("simulation: \(deskCount) desks, \(memberCount) members, \(tapsPerHour) taps per desk-hour, 2 days of 12 busy hours")
    print(String(format: "folder: %d files, %.1f MB; snapshots %d, largest %.0f KB (%.0f bytes a member: %.0f MB at 1,000,000 members)",
                 size.files, Double(size.bytes) / 1e6, snapshots.count, Double(snapshotBytes.max() ?? 0) / 1e3, perMember,
                 perMember * 1e6 / 1e6))
    print(String(format: "busiest hour: %d changes files, %.0f KB added to the folder (%.0f bytes a file)",
                 busiestHour.files, Double(busiestHour.bytes) / 1e3, Double(busiestHour.bytes) / Double(max(1, busiestHour.files))))
    print(String(format: "offline desk catching up: read %d files (%d already covered), merged in %.1f s; lists agree: %@",
                 caughtUp.filesRead, caughtUp.filesCovered, seconds, agree ? "yes" : "NO"))
    fflush(nil)
}

private func folderSize(_ folder: String) -> (files: Int, bytes: Int) {
    var files = 0, bytes = 0
    for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + path),
              attributes[.type] as? FileAttributeType == .typeRegular else { continue }
        files += 1
        bytes += (attributes[.size] as? Int) ?? 0
    }
    return (files, bytes)
}
