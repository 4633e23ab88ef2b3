import FolderSync
import Foundation
import MemberDeskTestSupport
import Testing
@testable import MemberKit

/// Two desks, A and B, on one fake clock, syncing through one temporary folder (removed when the
/// fixture goes): what the side-file suites (SUN counters, wallet claims) share.
class TwoSyncDesks {
    let clock = FakeClock()
    let folder: String
    let a: SyncTestTerminal
    let b: SyncTestTerminal
    let syncA: DeskSync
    let syncB: DeskSync

    init(folderPrefix: String, settings: ClubSettings) throws {
        folder = NSTemporaryDirectory() + "memberdesk-\(folderPrefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        a = try SyncTestTerminal(id: "DA", clock: clock, settings: settings)
        b = try SyncTestTerminal(id: "DB", clock: clock, settings: settings)
        let sync = SyncSettings(folder: folder)
        syncA = DeskSync(database: a.database, files: LocalSyncFolderFiles(), settings: sync, terminal: a.club.terminal, clock: clock)
        syncB = DeskSync(database: b.database, files: LocalSyncFolderFiles(), settings: sync, terminal: b.club.terminal, clock: clock)
    }

    /// Once each of `syncs` says a retired desk's subfolder can go, it goes, and desk "DJ" joins
    /// the folder after it: the joiner, after its first pass (which read without errors).
    func joinAfterDeleting(retired: String, once syncs: [DeskSync]) throws -> SyncTestTerminal {
        for desk in syncs {
            let status = try #require(try desk.status().retired.first { $0.terminalId == retired })
            #expect(status.canDeleteSubfolder, "\(desk.writer.terminal.id): \(status)")
        }
        try FileManager.default.removeItem(atPath: folder + "/" + retired)
        let joiner = try SyncTestTerminal(id: "DJ", clock: clock)
        let joined = try DeskSync(database: joiner.database, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: folder),
                                  terminal: joiner.club.terminal, clock: clock).pass()
        #expect(joined.read.errors.isEmpty, "\(joined.read.errors)")
        return joiner
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }
}
