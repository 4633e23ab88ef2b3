import MemberKit

/// What inotify's events since the last pass ask the next pass to read: a file landing in a
/// desk's subfolder names that file alone, a new subfolder its desk whole, and an overflow (events
/// were lost, so anything may have changed) the full walk. Our own subfolder, the database's WAL
/// and temporary files (a leading dot or tilde) name nothing.
struct WatchedEvents {
    let folder: String
    let ownId: String
    /// Files and subfolders the next pass reads.
    private(set) var named = SyncNamedFiles()
    /// Set on an overflow: the next pass walks the whole folder.
    private(set) var walk = false
    /// New desks' subfolders (and their photos' subfolders), to be watched before they are read.
    private(set) var newSubfolders: [String] = []
    /// A photo landed in another desk's `photos/`: the next pass reads, and brings it for a member
    /// already here that waits for it (`PhotoFiles` reads no named file: it asks the store).
    private(set) var photoArrived = false

    init(folder: String, ownId: String) {
        self.folder = folder
        self.ownId = ownId
    }

    var isEmpty: Bool { named.isEmpty && !walk && !photoArrived }

    mutating func take(_ event: FolderNotifier.Event) {
        switch event {
        case .overflow:
            walk = true
        case .named(let directory, let name):
            guard !name.hasPrefix("."), !name.hasPrefix("~") else { return }
            if directory == folder {
                // A new desk's subfolder (or one renamed in): watch it and read it whole.
                guard SyncFolder.isTerminalId(name), name != ownId else { return }
                newSubfolders += [folder + "/" + name, folder + "/" + name + "/" + PhotoFiles.folderName]
                named.add(desk: name)
            } else if directory.hasPrefix(folder + "/") {
                var desk = String(directory.dropFirst(folder.count + 1))
                let inPhotos = desk.hasSuffix("/" + PhotoFiles.folderName)
                if inPhotos { desk.removeLast(PhotoFiles.folderName.count + 1) }
                guard desk != ownId, SyncFolder.isTerminalId(desk) else { return }
                if inPhotos {
                    photoArrived = true
                } else if name == PhotoFiles.folderName {
                    newSubfolders.append(directory + "/" + name)
                    photoArrived = true
                } else {
                    named.add(file: name, in: desk)
                }
            }
        }
    }

    /// Forgets what was taken, once a pass read it.
    mutating func clear() {
        named = SyncNamedFiles()
        walk = false
        newSubfolders = []
        photoArrived = false
    }
}
