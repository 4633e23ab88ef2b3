import Foundation
import MemberDeskTestSupport
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
        syncA = DeskSync(database: a.database, settings: sync, terminal: a.club.terminal, clock: clock)
        syncB = DeskSync(database: b.database, settings: sync, terminal: b.club.terminal, clock: clock)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }
}
