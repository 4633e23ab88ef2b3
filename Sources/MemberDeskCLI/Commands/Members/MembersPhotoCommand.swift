import ArgumentParser
import DeskPhotos
import Foundation
import MemberKit

/// `members photo`: a member's face for the banner, stored small beside the database and carried
/// to the other desks through the sync folder.
struct MembersPhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo",
        abstract: "Give a member a photo (a JPEG or PNG file), or remove it with --delete.",
        discussion: """
            The photo is turned upright, scaled to at most \(PhotoImage.maxWidth)×\(PhotoImage.maxHeight) pixels and \
            stored as a JPEG of at most \(PhotoImage.maxStoredBytes >> 10) KB in the data folder's photos/, named by its \
            SHA-256; its EXIF (camera, place, time) is not kept. A file that is not a JPEG or PNG, is damaged, is over \
            \(PhotoImage.maxFileBytes >> 20) MB or claims more than \(PhotoImage.maxPixels / 1_000_000) million pixels is \
            refused and nothing changes. The front desk's banner shows the photo beside the name (ui.photo).
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "A member id or a pass.") var id: String
    @Argument(help: ArgumentHelp("The image: a JPEG or PNG file.", valueName: "FILE")) var file: String?
    @Flag(help: "Remove the member's photo.") var delete = false
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        switch (file, delete) {
        case (nil, false): throw ValidationError("give an image FILE, or --delete")
        case (.some, true): throw ValidationError("give a FILE or --delete, not both")
        default: break
        }
    }

    func run() throws {
        // The image is read and checked before the database is opened: a bad file changes nothing.
        let stored: [UInt8]?
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else { throw DeskError.io("cannot read \(file)") }
            do { stored = try PhotoImage.prepare([UInt8](data)) } catch { throw DeskError.invalidInput("\(file): \(error)") }
        } else {
            stored = nil
        }
        let context = try DeskContext.open(global)
        let member = try context.member(id)
        let photos = context.photos
        let hash = stored.map(PhotoHash.of)
        if let stored, let hash { try photos.adopt(stored, as: hash) }
        // The same photo again, or no photo to remove, is no edit.
        let after = hash == member.photo ? member : try context.club.setMemberPhoto(id: member.memberId, photo: hash, by: context.actor)
        // The old file goes once no member points at it (the other desks' copies go with their next sync).
        if member.photo != hash { try context.forgetPhoto(member.photo) }
        try context.report(after, json: json, hash.map { "photo of \(after.displayName) stored (\($0.prefix(12)))" }
                           ?? (member.photo == nil ? "\(after.displayName) had no photo" : "photo of \(after.displayName) removed"))
    }
}

extension DeskContext {
    /// The photos folder beside the database.
    var photos: PhotoFolder { PhotoFolder(besideDatabase: database.path ?? paths.database()) }

    /// Removes the photo file `hash` names once no live member points at it: a deleted or erased
    /// member's face is not kept.
    func forgetPhoto(_ hash: String?) throws {
        guard let hash, !(try database.memberPhotos().contains(hash)) else { return }
        photos.remove(hash)
    }
}
