import DeskPhotos
import FolderSync
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Testing

/// A photo that lands in the folder after its member (Syncthing carries files in any order) is
/// brought on inotify's word, without waiting for the rescan: the watcher watches each desk's photos/.
@Suite("Photos and the sync watcher", .serialized)
struct PhotoWatcherTests {
    @Test func aPhotoThatLandsAfterItsMemberIsBroughtAtOnce() throws {
        let desks = try TwoPhotoDesks()
        let photos = desks.folder + "/DA/photos"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        // A's member with its photo, written by a pass that writes no photo (as if the file were
        // still on its way), and read by B before its watcher starts: B has the member, not the photo.
        let member = try desks.clubA.addMember(passId: "04A1", username: "Ada")
        let hash = try desks.photosA.store(image: TestImages.jpeg())
        try desks.clubA.setMemberPhoto(id: member.memberId, photo: hash)
        let withoutPhotos = DeskSync(database: desks.databaseA, files: LocalSyncFolderFiles(), settings: SyncSettings(folder: desks.folder),
                                     terminal: desks.clubA.terminal, clock: desks.clock)
        _ = try withoutPhotos.pass()
        let syncB = DeskSync(database: desks.databaseB, files: LocalSyncFolderFiles(),
                             settings: SyncSettings(folder: desks.folder, rescanInterval: 3600), terminal: desks.clubB.terminal,
                             bus: desks.bus, photos: desks.photosB)
        _ = try syncB.pass()
        #expect(try desks.clubB.member(idOrPass: "04A1")?.photo == hash)
        #expect(desks.photosB.bytes(hash) == nil)

        // B's watcher, with a rescan of an hour: only inotify can explain a quick arrival. Its
        // first pass (the full walk, which watches every desk's subfolders) has ended once it says so.
        let notices = desks.bus.subscribe()
        let watcher = SyncWatcher(sync: syncB, bus: desks.bus, writeCheck: 0.2)
        watcher.start()
        defer { watcher.stop() }
        #expect(waitUntil(timeout: 60) { notices.drain().contains { if case .sync = $0 { return true } else { return false } } })

        // The photo lands as Syncthing writes one: a temporary name, then a rename.
        let stored = try #require(desks.photosA.bytes(hash))
        try Data(stored).write(to: URL(fileURLWithPath: photos + "/.syncthing.\(hash).jpg.tmp"))
        #expect(rename(photos + "/.syncthing.\(hash).jpg.tmp", photos + "/\(hash).jpg") == 0)
        #expect(waitUntil(timeout: 20) { desks.photosB.bytes(hash) == stored })
    }
}
