import DeskPhotos
import Foundation
import MemberDeskTestSupport
import Testing

/// A backup keeps the members' photos beside it (`photos/`, content-addressed, shared by the
/// backups of a folder), and a restore on a desk that lost its photos brings them back; a damaged
/// photo beside a backup is never restored.
@Suite("Backups keep the photos", .serialized)
struct BackupRestorePhotoTests {
    static func dataPhotos(_ desk: DeskBinary) -> String {
        (desk.databasePath as NSString).deletingLastPathComponent + "/photos"
    }

    /// A desk with Anna and her photo; its hash.
    static func deskWithAPhoto() throws -> (DeskBinary, String) {
        let desk = try DeskBinary()
        try #require(try desk.run(["members", "add", "--pass", "ANNA", "--name", "Anna"]).status == 0)
        let image = desk.home.file("anna.jpg")
        try Data(try #require(PhotoEncoding.jpeg(width: 300, height: 400, rgb: PhotoEndToEndTests.image(width: 300, height: 400))))
            .write(to: URL(fileURLWithPath: image))
        try #require(try desk.run(["members", "photo", "ANNA", image]).status == 0)
        return (desk, try #require(try PhotoEndToEndTests.json(desk, "ANNA")["photo"] as? String))
    }

    @Test func aBackupKeepsThePhotosAndARestoreBringsThemBack() throws {
        let (desk, hash) = try Self.deskWithAPhoto()
        try FileManager.default.createDirectory(atPath: desk.home.file("kept"), withIntermediateDirectories: true)
        let file = desk.home.file("kept/b.sqlite")
        let backup = try desk.run(["backup", file, "--json"])
        #expect(backup.status == 0, "\(backup.stderr)")
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(backup.stdout.utf8)) as? [String: Any])
        #expect(printed["photosCopied"] as? Int == 1 && printed["photosMissing"] as? Int == 0, "\(backup.stdout)")
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.dataPhotos(desk) + "/\(hash).jpg"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: desk.home.file("kept/photos/\(hash).jpg"))) == original)
        // A second backup into the same folder shares the photo: nothing more to copy.
        let again = try desk.run(["backup", desk.home.file("kept/c.sqlite")])
        #expect(again.status == 0 && !again.stdout.contains("photos:"), "\(again.stdout)")

        try FileManager.default.removeItem(atPath: Self.dataPhotos(desk))  // the disk that held them is gone
        let restored = try desk.run(["restore", file, "--yes"])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains("photos: 1 photo restored from \(desk.home.file("kept/photos"))\n"), "\(restored.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.dataPhotos(desk) + "/\(hash).jpg")) == original)
    }

    @Test func aDamagedPhotoBesideTheBackupIsNotRestored() throws {
        let (desk, hash) = try Self.deskWithAPhoto()
        let file = desk.home.file("b.sqlite")
        #expect(try desk.run(["backup", file]).stdout.contains("photos: 1 photo copied to \(desk.home.file("photos"))"))
        try Data("not a JPEG".utf8).write(to: URL(fileURLWithPath: desk.home.file("photos/\(hash).jpg")))
        try FileManager.default.removeItem(atPath: Self.dataPhotos(desk))
        let restored = try desk.run(["restore", file, "--yes"])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains("photos: 1 member's photo not beside the backup; a sync brings them from another desk\n"),
                "\(restored.stdout)")
        #expect(!FileManager.default.fileExists(atPath: Self.dataPhotos(desk) + "/\(hash).jpg"))
    }
}
