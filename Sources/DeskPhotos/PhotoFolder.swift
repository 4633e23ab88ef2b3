import Foundation
import DeskUI
import MemberKit

/// The desk's photos as files beside its database: `<data dir>/photos/<sha256>.jpg`, each written
/// once, atomically (a temporary name, then a rename), and never changed: a new photo is a new name.
public struct PhotoFolder: PhotoLibrary {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The folder beside a database file.
    public init(besideDatabase databasePath: String) {
        path = (databasePath as NSString).deletingLastPathComponent.nonEmpty(or: ".") + "/photos"
    }

    public func file(_ hash: String) -> String { path + "/" + hash + ".jpg" }

    public func bytes(_ hash: String) -> [UInt8]? {
        guard MemberFieldRules.isPhotoHash(hash), let data = FileManager.default.contents(atPath: file(hash)),
              data.count <= PhotoImage.maxStoredBytes else { return nil }
        return [UInt8](data)
    }

    /// Makes the stored photo from an image file's bytes and keeps it; its hash names it.
    public func store(image bytes: [UInt8]) throws -> String {
        let stored = try PhotoImage.prepare(bytes)
        let hash = PhotoHash.of(stored)
        try keep(stored, as: hash)
        return hash
    }

    public func adopt(_ bytes: [UInt8], as hash: String) throws {
        guard MemberFieldRules.isPhotoHash(hash) else { throw PhotoError("'\(hash)' is not a photo's name") }
        guard PhotoHash.of(bytes) == hash else { throw PhotoError("its SHA-256 is not the one it is named by") }
        try PhotoImage.checkStored(bytes)
        try keep(bytes, as: hash)
    }

    /// Removes a photo no member points at any more; false when there was none.
    @discardableResult
    public func remove(_ hash: String) -> Bool {
        guard MemberFieldRules.isPhotoHash(hash) else { return false }
        return unlink(file(hash)) == 0
    }

    private func keep(_ bytes: [UInt8], as hash: String) throws {
        let target = file(hash)
        if FileManager.default.fileExists(atPath: target) { return }  // written once: the same name is the same bytes
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + "/." + hash + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw PhotoError("cannot write \(temporary)")
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw PhotoError("cannot write \(target): \(reason)")
        }
    }
}

private extension String {
    func nonEmpty(or fallback: String) -> String { isEmpty ? fallback : self }
}

extension PhotoFolder: PhotoIntake {
    /// The member form's photo file, checked and stored as `members photo` does.
    public func store(imageAt path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw PhotoError("Photo: cannot read \(path)") }
        do { return try store(image: [UInt8](data)) } catch { throw PhotoError("Photo: \(path): \(error)") }
    }
}
