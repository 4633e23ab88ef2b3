import DeskMQTT
import FolderSync
import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// Another desk's entries merged by sync change who is inside: the new count's MQTT message is
/// written by the merge's own commit (issue 29), so a desk killed just after the merge still says
/// it once restarted, and the bus does not queue it a second time.
@Suite struct SyncCountInCommitTests {
    @Test func aMergedEntrysCountIsQueuedByTheMergeItself() throws {
        let world = try OtherDeskWorld()
        try world.otherDeskTaps(["P1", "P2"])
        let desk = try QueueingDesk()
        let notices = desk.f.bus.subscribe()
        let sync = DeskSync(database: desk.database, files: LocalSyncFolderFiles(), settings: world.settings, terminal: desk.club.terminal, bus: desk.f.bus,
                            eventMessages: { [club = desk.club] in club.currentEventMessages })

        let report = try sync.pass()
        #expect(report.read.counts.visitEvents == 2)
        // Nothing has fed the publisher yet: what is queued was written by the merge.
        #expect(try desk.json("inside").map { $0["inside"] as? Int } == [2])
        let occupancy = notices.drain().compactMap { if case .occupancy(let notice) = $0 { notice } else { nil } }
        #expect(occupancy.map(\.insideCount) == [2])
        #expect(occupancy.allSatisfy { $0.messagesQueued })
        #expect(desk.publisher.feed().isEmpty, "the bus does not queue it again")

        // Read again: nothing new merged, nothing said.
        _ = try sync.pass()
        #expect(try desk.json("inside").count == 1)
    }

    @Test func withoutTheHookTheBusStillQueuesTheCount() throws {
        let world = try OtherDeskWorld()
        try world.otherDeskTaps(["P1"])
        let desk = try QueueingDesk()
        let sync = DeskSync(database: desk.database, files: LocalSyncFolderFiles(), settings: world.settings, terminal: desk.club.terminal, bus: desk.f.bus)

        _ = try sync.pass()
        #expect(try desk.topics() == [])
        #expect(!desk.publisher.feed().isEmpty)
        #expect(try desk.json("inside").map { $0["inside"] as? Int } == [1])
    }
}

/// A second desk that taps members in and writes its sync files into a temporary folder.
private final class OtherDeskWorld {
    let folder = NSTemporaryDirectory() + "memberdesk-sync-count-\(UUID().uuidString)"
    let settings: SyncSettings
    let club: Club
    let sync: DeskSync

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        settings = SyncSettings(folder: folder)
        let database = try AppDatabase.inMemory()
        let terminal = try database.terminalIdentity(name: "Door")
        club = Club(database: database, terminal: terminal, settings: ClubSettings(enrolment: .auto))
        sync = DeskSync(database: database, files: LocalSyncFolderFiles(), settings: settings, terminal: terminal)
    }

    func otherDeskTaps(_ passes: [String]) throws {
        for pass in passes { try club.checkIn(passId: pass, source: .nfc) }
        _ = try sync.pass(read: false)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }
}
