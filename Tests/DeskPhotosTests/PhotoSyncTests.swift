import DeskPhotos
import FolderSync
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Testing

/// Two desks, each with its database and photos folder, syncing through one real folder.
final class TwoPhotoDesks {
    let root = NSTemporaryDirectory() + "memberdesk-photos-\(UUID().uuidString)"
    let clock = FakeClock()
    let bus = EventBus()
    var folder: String { root + "/folder" }
    let databaseA: AppDatabase, databaseB: AppDatabase
    let clubA: Club, clubB: Club
    let photosA: PhotoFolder, photosB: PhotoFolder
    let syncA: DeskSync, syncB: DeskSync

    init() throws {
        try FileManager.default.createDirectory(atPath: root + "/folder", withIntermediateDirectories: true)
        photosA = PhotoFolder(path: root + "/a/photos")
        photosB = PhotoFolder(path: root + "/b/photos")
        databaseA = try AppDatabase.inMemory()
        databaseB = try AppDatabase.inMemory()
        clubA = Club(database: databaseA, terminal: TerminalIdentity(id: "DA", name: "A"), settings: ClubSettings(), clock: clock)
        clubB = Club(database: databaseB, terminal: TerminalIdentity(id: "DB", name: "B"), settings: ClubSettings(), clock: clock)
        let settings = SyncSettings(folder: root + "/folder")
        syncA = DeskSync(database: databaseA, files: LocalSyncFolderFiles(), settings: settings, terminal: clubA.terminal, clock: clock,
                         photos: photosA)
        syncB = DeskSync(database: databaseB, files: LocalSyncFolderFiles(), settings: settings, terminal: clubB.terminal, clock: clock,
                         bus: bus, photos: photosB)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}

@Suite struct PhotoSyncTests {
    @Test func aPhotoTravelsAndItsDeletionRemovesTheFile() throws {
        let desks = try TwoPhotoDesks()
        let member = try desks.clubA.addMember(passId: "04A1", username: "Ada")
        let hash = try desks.photosA.store(image: TestImages.jpeg())
        try desks.clubA.setMemberPhoto(id: member.memberId, photo: hash)
        _ = try desks.syncA.pass()
        let published = desks.folder + "/DA/photos/\(hash).jpg"
        #expect(desks.exists(published))

        let read = try desks.syncB.pass()
        #expect(read.read.errors.isEmpty, "\(read.read.errors)")
        #expect(try desks.clubB.member(idOrPass: "04A1")?.photo == hash)
        #expect(desks.photosB.bytes(hash) == desks.photosA.bytes(hash))
        // B holds it now, and writes it beside its own files too (a desk that goes keeps no photo to itself).
        #expect(desks.exists(desks.folder + "/DB/photos/\(hash).jpg"))

        desks.clock.advance(by: 60)
        try desks.clubA.setMemberPhoto(id: member.memberId, photo: nil)
        _ = try desks.syncA.pass()
        #expect(!desks.exists(published))
        _ = try desks.syncB.pass()
        #expect(try desks.clubB.member(idOrPass: "04A1")?.photo == nil)
        #expect(!desks.exists(desks.folder + "/DB/photos/\(hash).jpg"))
    }

    @Test func aBadOrMismatchedFileFromAnotherDeskIsRefusedOnce() throws {
        let desks = try TwoPhotoDesks()
        let lines = desks.bus.subscribe()
        let member = try desks.clubA.addMember(passId: "04A1", username: "Ada")
        let hash = try desks.photosA.store(image: TestImages.jpeg())
        try desks.clubA.setMemberPhoto(id: member.memberId, photo: hash)
        _ = try desks.syncA.pass()
        // Someone swaps the file in A's folder for another image under the same name.
        let published = desks.folder + "/DA/photos/\(hash).jpg"
        try Data(try PhotoImage.prepare(TestImages.png(width: 50, height: 50))).write(to: URL(fileURLWithPath: published))

        let read = try desks.syncB.pass()
        #expect(try desks.clubB.member(idOrPass: "04A1")?.photo == hash)  // the member still comes: only the picture is refused
        #expect(desks.photosB.bytes(hash) == nil)
        #expect(!desks.exists(desks.folder + "/DB/photos/\(hash).jpg"))
        #expect(read.read.errors.count == 1)
        #expect(read.read.errors.first?.contains("its SHA-256 is not the one it is named by") == true, "\(read.read.errors)")
        let logged = lines.drain(limit: 100).compactMap { event -> String? in
            if case .log(let line) = event, line.text.contains("photo") { return line.text }
            return nil
        }
        #expect(logged.count == 1, "\(logged)")
        // Said once, until the file changes.
        #expect(try desks.syncB.pass().read.errors.isEmpty)

        // Truncated, under its right name: refused as no image.
        let truncated = Array(try Data(contentsOf: URL(fileURLWithPath: desks.photosA.file(hash)))).prefix(3000)
        try Data(truncated).write(to: URL(fileURLWithPath: published))
        let again = try desks.syncB.pass()
        #expect(desks.photosB.bytes(hash) == nil)
        #expect(again.read.errors.count == 1, "\(again.read.errors)")
    }

    @Test func thePhotosFolderKeepsWhatItIsGivenOnce() throws {
        let root = NSTemporaryDirectory() + "memberdesk-photofolder-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let photos = PhotoFolder(besideDatabase: root + "/members.sqlite")
        #expect(photos.path == root + "/photos")
        let hash = try photos.store(image: TestImages.png())
        #expect(try photos.store(image: TestImages.png()) == hash)
        #expect(PhotoHash.of(try #require(photos.bytes(hash))) == hash)
        #expect(throws: PhotoError.self) { try photos.adopt(Array("not a photo".utf8), as: hash) }
        #expect(throws: PhotoError.self) { try photos.adopt(try PhotoImage.prepare(TestImages.jpeg()), as: String(repeating: "a", count: 64)) }
        #expect(photos.remove(hash))
        #expect(photos.bytes(hash) == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: photos.path)
        #expect(names.isEmpty, "\(names)")  // no temporary file left behind
    }
}

@Suite struct MemberPhotosQueryTests {
    /// The sync's question reads the photo index (`INDEXED BY`: SQLite refuses the query if it
    /// cannot use it), not the members: only live members' photos.
    @Test func onlyLiveMembersPhotosAreFoundThroughTheIndex() throws {
        let database = try AppDatabase.inMemory()
        let club = Club(database: database, terminal: TerminalIdentity(id: "DA", name: "A"), settings: ClubSettings(), clock: FakeClock())
        let one = String(repeating: "a", count: 64), two = String(repeating: "b", count: 64)
        let ada = try club.addMember(passId: "04A1", username: "Ada")
        let ben = try club.addMember(passId: "04B2", username: "Ben")
        _ = try club.addMember(passId: "04C3", username: "Cleo", note: "no photo")
        try club.setMemberPhoto(id: ada.memberId, photo: one)
        try club.setMemberPhoto(id: ben.memberId, photo: two)
        #expect(try database.memberPhotos() == [one, two])
        try club.deleteMember(id: ben.memberId)
        #expect(try database.memberPhotos() == [one])
    }
}
