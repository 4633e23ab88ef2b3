import Synchronization

/// Members' photos beside the sync files: `<desk>/photos/<sha256>.jpg`, one for each photo a live
/// member in this desk's database points at, written once (its name is its content) and removed
/// once no member points at it. A member read from another desk that points at a photo this desk
/// lacks brings it from whichever desk's folder has it, through `PhotoLibrary.adopt` (the hash and
/// the image checked again here); a bad file is one line in the log and the read's errors, once.
package enum PhotoFiles: SyncFileKind {
    /// A desk's photos' subfolder, which the watcher watches too (FolderSync's `WatchedEvents`).
    package static let folderName = "photos"
    /// A stored photo is at most 64 KB (DeskPhotos' `PhotoImage.maxStoredBytes`): a larger file is
    /// none of ours and is not read.
    static let maxBytes = 64 << 10

    static func run(_ sync: inout SyncPass) throws {
        guard let library = sync.photos else { return }
        let database = sync.writer.database
        let folder = sync.writer.folder
        let own = sync.writer.terminal.id
        let wanted = try database.memberPhotos()
        // What it brings is written beside its own files in the same pass (a desk that goes keeps no photo to itself).
        if sync.read { try bring(wanted.filter { library.bytes($0) == nil }.sorted(), into: library, &sync) }
        if try sync.writesSideFiles() { try write(wanted, from: library, to: folder.subfolder(own) + "/" + folderName, in: folder) }
    }

    /// Copies each missing photo from the first desk's folder that has a good one.
    static func bring(_ missing: [String], into library: any PhotoLibrary, _ sync: inout SyncPass) throws {
        guard !missing.isEmpty else { return }
        let folder = sync.writer.folder
        let own = sync.writer.terminal.id
        let desks = try folder.entries(of: folder.path).filter { $0.kind == .directory && $0.name != own && SyncFolder.isTerminalId($0.name) }
        for hash in missing {
            for desk in desks {
                let path = folder.subfolder(desk.name) + "/" + folderName + "/" + hash + ".jpg"
                guard let entry = folder.entry(at: path), entry.kind == .file else { continue }
                let seen = "\(path) \(entry.size) \(entry.mtime)"
                if sync.refusedPhotos.contains(seen) { continue }
                do {
                    guard entry.size <= maxBytes, let bytes = folder.files.read(path, maxBytes: maxBytes) else {
                        throw SyncError.badFile(path, "larger than a photo (\(maxBytes >> 10) KB)")
                    }
                    try library.adopt(bytes, as: hash)
                    break
                } catch {
                    sync.refusedPhotos.insert(seen)
                    let line = "photo \(path) refused: \(error)"
                    sync.readReport.errors.append(line)
                    sync.reader.bus?.publish(.log(LogLine(source: "sync", text: line)))
                }
            }
        }
    }

    /// This desk's photos folder holds `wanted` (those the library has), and nothing else of ours.
    static func write(_ wanted: Set<String>, from library: any PhotoLibrary, to directory: String, in folder: SyncFolder) throws {
        let present = folder.entry(at: directory)?.kind == .directory
        let held = present ? Set(try folder.entries(of: directory) { $0.hasSuffix(".jpg") }.map(\.name)) : []
        for hash in wanted.sorted() where !held.contains(hash + ".jpg") {
            guard let bytes = library.bytes(hash) else { continue }
            try folder.files.makeFolder(directory)
            try folder.files.write(bytes, to: directory + "/" + hash + ".jpg")
        }
        for name in held {
            let hash = String(name.dropLast(4))
            // No member points at it any more: gone from the folder, and from this desk.
            if MemberFieldRules.isPhotoHash(hash), !wanted.contains(hash) {
                folder.files.remove(directory + "/" + name)
                library.remove(hash)
            }
        }
    }
}

/// The photo files a desk refused, by path, size and time: each is said once, until it changes.
final class RefusedPhotos: Sendable {
    private let seen = Mutex<Set<String>>([])

    func contains(_ key: String) -> Bool { seen.withLock { $0.contains(key) } }
    func insert(_ key: String) { _ = seen.withLock { $0.insert(key) } }
}
