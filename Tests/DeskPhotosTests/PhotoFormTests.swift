import DeskPhotos
import DeskUI
import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Testing

/// The member form's Photo field: a path stores the photo as `members photo` does, "-" removes
/// it, empty keeps it; a bad file is the form's one-line error and nothing changes.
@Suite struct PhotoFormTests {
    final class Desk {
        let root = NSTemporaryDirectory() + "memberdesk-photoform-\(UUID().uuidString)"
        let club: Club
        let photos: PhotoFolder
        let client: MemberFormClient

        init() throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            club = Club(database: try AppDatabase.inMemory(), terminal: TerminalIdentity(id: "DA", name: "A"), settings: ClubSettings(),
                        clock: FakeClock())
            photos = PhotoFolder(path: root + "/photos")
            client = MemberFormClient.live(club, photos: photos)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// The form of `member` with `text` typed into its Photo field, validated.
        func changes(_ member: MemberRecord?, photo text: String) throws -> MemberChanges {
            var form = MemberFormModel(member: member, extraFields: [], calendar: .gregorianUTC)
            if member == nil {
                form.focus = try #require(form.fields.firstIndex { $0.kind == .pass })
                for character in "04F0" { form.handle(.character(character)) }
            }
            form.focus = try #require(form.fields.firstIndex { $0.kind == .photo })
            for character in text { form.handle(.character(character)) }
            let changes = form.validate()
            return try #require(changes, "\(form.error ?? "")")
        }
    }

    @Test func aPathStoresThePhotoAndADashRemovesIt() throws {
        let desk = try Desk()
        let file = desk.root + "/face.png"
        try Data(TestImages.png(width: 300, height: 400)).write(to: URL(fileURLWithPath: file))
        let member = try desk.club.addMember(passId: "04A1", username: "Ada")
        let typed = try desk.changes(member, photo: file)
        #expect(typed.photoFile == file)
        let saved = try desk.client.save(member, typed, .anonymous(.manual))
        let hash = try #require(saved.photo)
        #expect(desk.photos.bytes(hash) != nil)
        // Empty keeps it.
        #expect(try desk.client.save(saved, try desk.changes(saved, photo: ""), .anonymous(.manual)).photo == hash)
        let cleared = try desk.client.save(saved, try desk.changes(saved, photo: "-"), .anonymous(.manual))
        #expect(cleared.photo == nil)
    }

    @Test func aNewMemberGetsItsPhotoToo() throws {
        let desk = try Desk()
        let file = desk.root + "/face.jpg"
        try Data(TestImages.jpeg()).write(to: URL(fileURLWithPath: file))
        let added = try desk.client.save(nil, try desk.changes(nil, photo: file), .anonymous(.manual))
        #expect(added.photo != nil)
        #expect(try desk.club.member(idOrPass: "04F0")?.photo == added.photo)
    }

    @Test func aBadFileIsOneLineAndChangesNothing() throws {
        let desk = try Desk()
        let file = desk.root + "/notes.txt"
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: file))
        let member = try desk.club.addMember(passId: "04A1", username: "Ada")
        #expect(throws: PhotoError.self) { try desk.client.save(member, try desk.changes(member, photo: file), .anonymous(.manual)) }
        do {
            _ = try desk.client.save(member, try desk.changes(member, photo: file), .anonymous(.manual))
        } catch {
            #expect("\(error)" == "Photo: \(file): not a JPEG or PNG image", "\(error)")
        }
        #expect(try desk.club.member(idOrPass: "04A1")?.photo == nil)
        #expect(try desk.club.member(idOrPass: "04A1")?.modifiedAt == member.modifiedAt)
    }
}
