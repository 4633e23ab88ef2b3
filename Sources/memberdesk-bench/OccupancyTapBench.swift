import FolderSync
import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) import MemberKit

/// One tap's changes file, with its entry event, merged into a copy of the database; beside the
/// bare writes such a merge makes (the member, its counter, the event, the presence) through a
/// connection of the bench's own. The writer is told a snapshot exists, so each file is a changes file.
func benchTapFile(_ database: AppDatabase, terminal: TerminalIdentity, clock: FakeClock, root: String, path: String,
                  members: Int, inside: Int) throws {
    let copyPath = root + "/copy.sqlite"
    // The bench's own WALCheckpointer may be copying the large WAL the report bench left (a
    // second checkpoint is refused at once, not waited for): try again until it is done.
    let checkpointer = try DatabaseQueue(path: path)
    let started = ContinuousClock.now
    while true {
        do {
            _ = try checkpointer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            break
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && seconds(since: started) < 300 {
            usleep(200_000)
        }
    }
    try FileManager.default.copyItem(atPath: path, toPath: copyPath)
    let copy = try AppDatabase.open(path: copyPath)
    let now = clock.now().timeIntervalSince1970
    let settings = SyncSettings(folder: root + "/folder", snapshotChanges: 1_000_000_000, snapshotInterval: 1e9)
    let latest = try database.latestChange()
    var state = try database.syncWriterState()
    state.folder = settings.folder
    state.writtenThrough = latest
    state.snapshotThrough = latest
    state.snapshotAt = now
    try database.setSyncWriterState(state)
    try FileManager.default.createDirectory(atPath: root + "/folder/" + terminal.id, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: root + "/folder/\(terminal.id)/\(SyncFileName.snapshot(through: latest))", contents: Data())
    let writer = SyncWriter(database: database, files: LocalSyncFolderFiles(), settings: settings, terminal: terminal)
    let tapper = Club(database: database, terminal: terminal, settings: ClubSettings(debounce: 0), clock: clock)
    var sizes: [Int] = [], merges: [Double] = []
    for tap in 0..<20 {
        clock.advance(by: 1)
        _ = try tapper.checkIn(passId: String(format: "04%010X", (tap * 7919 + inside) % members), source: .nfc)
        let written = try writer.write()
        guard let name = written.file, !written.snapshot else { throw DeskError.io("no changes file after a tap") }
        let file = root + "/folder/\(terminal.id)/" + name
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        sizes.append(bytes.count)
        merges.append(try wallTime {
            let decoder = ExchangeFormat.musrl.decoder(bytes: bytes, name: name)
            _ = try copy.mergeSyncMembers({ try decoder.next() }, chunk: 500, editor: "copy", time: clock.now().timeIntervalSince1970,
                                          file: SyncFileRecord(terminalId: terminal.id, name: name, size: Int64(bytes.count), mtime: 0, readAt: 0),
                                          coveredThrough: nil)
        })
    }
    let arrived = try copy.visitEventCount() - (try database.visitEventCount() - 20)
    let bare = try bareMergeTimes(copyPath, members: members, inside: inside, at: clock.now().timeIntervalSince1970)
    let largest = sizes.max() ?? 0, slowest = merges.max() ?? 0
    printFigure("a tap's changes file with its entry event", "\(CountText.grouped(largest)) bytes at most",
                reference: "the goal", ratio: Double(largest) / 2048, goal: "< 2,048 bytes", met: largest < 2048)
    printFigure("merging it (\(arrived) of 20 entries arrived)", String(format: "p50 %.2f ms, max %.2f ms", median(merges) * 1000, slowest * 1000),
                reference: String(format: "the bare writes p50 %.2f ms", median(bare) * 1000),
                ratio: median(merges) / max(median(bare), 1e-9), goal: "< 20 ms", met: slowest < 0.020 && arrived == 20)
}

/// The writes of one merged tap as bare SQL, each in a transaction rolled back.
private func bareMergeTimes(_ path: String, members: Int, inside: Int, at time: Double) throws -> [Double] {
    // Waits for the copy's own checkpointer, which may be at work after the merges.
    var patient = Configuration()
    patient.busyMode = .timeout(60)
    let queue = try DatabaseQueue(path: path, configuration: patient)
    var times: [Double] = []
    for tap in 0..<20 {
        let memberId = String(format: "%08d-0000-4000-8000-%012d", (tap * 7919 + inside + 1) % members, (tap * 7919 + inside + 1) % members)
        times.append(try wallTime {
            try queue.inTransaction { db in
                try db.execute(sql: "UPDATE member SET numVisits = numVisits + 1, timeStampOfLastVisit = ? WHERE memberId = ?",
                               arguments: [time, memberId])
                try db.execute(sql: "UPDATE visit_counter SET count = count + 1 WHERE memberId = ?", arguments: [memberId])
                try db.execute(sql: """
                    INSERT INTO visit_event(eventId, memberId, kind, time, terminalId, source) VALUES (?, ?, ?, ?, 'ref', 'nfc')
                    """, arguments: ["ref-\(tap)", memberId, VisitEvent.Kind.entry.rawValue, time])
                try db.execute(sql: """
                    INSERT INTO member_presence(memberId, eventId, time, inside, terminalId) VALUES (?, ?, ?, 1, 'ref')
                    ON CONFLICT(memberId) DO UPDATE SET eventId = excluded.eventId, time = excluded.time, inside = 1
                    """, arguments: [memberId, "ref-\(tap)", time])
                return .rollback
            }
        })
    }
    return times
}
