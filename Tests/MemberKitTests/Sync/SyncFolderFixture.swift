import FolderSync
import Foundation
import MemberDeskTestSupport
@testable import MemberKit

/// Terminals sharing one real folder on disk (as one machine would see it once Syncthing has
/// carried everything), plus helpers to plant files in another terminal's subfolder by hand.
final class SyncFolderFixture {
    let clock = FakeClock()
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "memberdesk-syncfolder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func terminal(_ id: String) throws -> SyncTestTerminal { try SyncTestTerminal(id: id, clock: clock) }

    func sync(_ terminal: SyncTestTerminal, snapshotChanges: Int = 1000, maxFileBytes: Int64 = 1 << 30, bus: EventBus? = nil) -> DeskSync {
        DeskSync(database: terminal.database, files: LocalSyncFolderFiles(),
                 settings: SyncSettings(folder: folder, snapshotChanges: snapshotChanges, snapshotInterval: 1e9,
                                        maxFileBytes: maxFileBytes, mergeChunk: 2),
                 terminal: terminal.club.terminal, clock: clock, bus: bus)
    }

    /// Writes `bytes` as `name` in terminal `id`'s subfolder, as if another desk had.
    @discardableResult
    func plant(_ id: String, _ name: String, _ bytes: [UInt8]) throws -> String {
        let directory = folder + "/" + id
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try? FileManager.default.removeItem(atPath: path)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func files(_ id: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder + "/" + id).sorted()
    }

    /// A small valid .musrl with one member holding `pass`, as terminal `by` would write it.
    static func memberFile(memberId: String = "M-1", pass: String = "04AA0001", by: String = "T9", visits: Int = 1,
                           status: String = "active") -> [UInt8] {
        Array(("[{\"memberId\":\"\(memberId)\",\"passId\":\"\(pass)\",\"username\":\"Ann\",\"timeStampAdded\":1000,"
            + "\"numVisits\":\(visits),\"timeStampOfLastVisit\":1000,\"memberdesk\":{\"modifiedAt\":1000,\"modifiedBy\":\"\(by)\","
            + "\"status\":\"\(status)\",\"visitCounters\":{\"\(by)\":\(visits)}}}]\n").utf8)
    }
}
