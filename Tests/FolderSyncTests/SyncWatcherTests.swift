import FolderSync
import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Synchronization
import Testing

/// The watcher on a real folder with real inotify: a desk's check-in reaches the folder on its
/// own, and another desk's file is merged as soon as it lands, without waiting for the rescan.
@Suite("Sync watcher")
struct SyncWatcherTests {
    final class Desk {
        let database: AppDatabase
        let club: Club
        let watcher: SyncWatcher
        let bus = EventBus()

        init(id: String, folder: String, retryDelay: ClosedRange<Double> = 1...30, written: (@Sendable (String) -> Void)? = nil) throws {
            database = try AppDatabase.inMemory()
            let terminal = TerminalIdentity(id: id, name: "Desk \(id)")
            club = Club(database: database, terminal: terminal, bus: bus)
            // A long rescan: only inotify can explain a quick merge.
            let settings = SyncSettings(folder: folder, rescanInterval: 3600)
            watcher = SyncWatcher(sync: DeskSync(database: database, files: LocalSyncFolderFiles(), settings: settings, terminal: terminal, bus: bus), bus: bus,
                                  writeCheck: 0.2, retryDelay: retryDelay, written: written)
        }
    }

    @Test("a check-in is written by itself, and the other desk merges it on inotify's word")
    func checkInTravels() throws {
        let folder = try TemporaryDirectory()
        let a = try Desk(id: "TA", folder: folder.path), b = try Desk(id: "TB", folder: folder.path)
        let status = b.bus.subscribe()
        a.watcher.start()
        b.watcher.start()
        defer {
            a.watcher.stop()
            b.watcher.stop()
        }
        // Both desks have done their first pass once each has a snapshot in the folder.
        #expect(waitUntil(timeout: 60) {
            FileManager.default.fileExists(atPath: folder.path + "/TA/snapshot-000000000000.musrl")
                && FileManager.default.fileExists(atPath: folder.path + "/TB/snapshot-000000000000.musrl")
        })
        _ = try a.club.checkIn(passId: "04000001", source: .nfc)
        #expect(try waitUntil(timeout: 60) { try b.database.member(idOrPass: "04000001")?.numVisits == 1 })
        // The status bar hears how many desks there are. The pass that merged the check-in publishes
        // its notice just after its commit, so wait for it rather than read the bus at once.
        var notices: [SyncNotice] = []
        #expect(waitUntil(timeout: 60) {
            notices += status.drain().compactMap { event -> SyncNotice? in
                if case .sync(let notice) = event { return notice } else { return nil }
            }
            return notices.last?.desks == 2
        }, "sync notices: \(notices)")
        #expect(notices.allSatisfy { $0.error == nil }, "sync notices: \(notices)")
    }

    @Test("once a pass wrote a file, the watcher names its subfolder to the carrier (Syncthing is asked to scan it), and only then")
    func writtenFilesAreNamed() throws {
        let folder = try TemporaryDirectory()
        let named = Mutex<[String]>([])
        let a = try Desk(id: "TA", folder: folder.path, written: { subfolder in named.withLock { $0.append(subfolder) } })
        // The first pass writes the snapshot; a pass that writes nothing names nothing.
        a.watcher.pass()
        #expect(named.withLock { $0 } == ["TA"])
        a.watcher.pass()
        #expect(named.withLock { $0 } == ["TA"])
        _ = try a.club.checkIn(passId: "04000001", source: .nfc)
        a.watcher.pass()
        #expect(named.withLock { $0 } == ["TA", "TA"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/TA").contains { $0.hasPrefix("changes-") })
    }

    @Test("a write that failed (a full disk, a folder gone) is tried again by itself: the pending tap is written once it can be, with no new commit")
    func aFailedWriteIsRetried() throws {
        let base = try TemporaryDirectory()
        let folder = base.file("sync")  // not there yet: every write fails
        let desk = try Desk(id: "TA", folder: folder, retryDelay: 0.05...0.2)
        let events = desk.bus.subscribe()
        _ = try desk.club.checkIn(passId: "04000001", source: .nfc)
        desk.watcher.start()
        defer { desk.watcher.stop() }
        var errors: [String] = []
        #expect(waitUntil(timeout: 30) {
            errors += events.drain().compactMap { if case .error(let notice) = $0, notice.source == "sync" { notice.message } else { nil } }
            return !errors.isEmpty
        })
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(waitUntil(timeout: 30) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/TA")) ?? []
            return files.contains { $0.hasSuffix(".musrl") && !$0.hasPrefix(".") }
        }, "the pending changes are written once the folder works, without another check-in")
        #expect(errors.count == 1, "the failure is reported once, not at every retry: \(errors)")
    }

    @Test("an unusable folder is reported as a sync error, not a crash")
    func unusableFolder() throws {
        let desk = try Desk(id: "TA", folder: "/nonexistent/memberdesk-sync")
        let report = desk.watcher.pass()
        #expect(report == nil)
        let errors = desk.bus.subscribe()
        desk.watcher.pass()
        let published = errors.drain()
        let notice = published.compactMap { event -> SyncNotice? in if case .sync(let n) = event { return n } else { return nil } }.first
        #expect(notice?.error?.contains("does not exist") == true)
    }
}
