/// The sync folder's file system as the sync logic uses it, and all of it: MemberKit decides what
/// to read, merge and write, and touches the folder only through this (FolderSync's
/// `LocalSyncFolderFiles` is the live one). Paths are whole; nothing here follows a symlink
/// unless it says so.
public protocol SyncFolderFiles: Sendable {
    /// Throws `SyncError.folderUnusable` when `path` is missing, not a folder, or not ours to read and write.
    func checkUsable(_ path: String) throws
    /// A folder's entries by name, as `lstat` sees them; names starting with a dot or `~syncthing~`
    /// are left out (Syncthing's own files and everyone's temporary ones), and so are names
    /// `including` refuses (they are not even stat-ed).
    func entries(of directory: String, including: (String) -> Bool) throws -> [SyncFolder.Entry]
    /// One entry, nil when there is none; `following`: a symlink is looked through (`stat`, not `lstat`).
    func entry(at path: String, following: Bool) -> SyncFolder.Entry?
    /// A regular file's bytes, nil when it is missing, a symlink, not a file, or larger than `maxBytes`.
    func read(_ path: String, maxBytes: Int) -> [UInt8]?
    /// A regular file opened for streaming, checked to be the one `expected` describes
    /// (`SyncError.badFile` otherwise).
    func open(_ path: String, expected: SyncFolder.Entry) throws -> SyncFileOpening
    /// Writes `path` through `body`'s sink under a name Syncthing ignores, flushed, then renamed
    /// into place; when `body` throws, what was at `path` stays.
    func write<T>(to path: String, _ body: (_ sink: ([UInt8]) throws -> Void) throws -> T) throws -> T
    /// Makes a folder (mode 0700) unless it is there.
    func makeFolder(_ path: String) throws
    /// Removes a file; false when it could not.
    @discardableResult func remove(_ path: String) -> Bool
}

extension SyncFolderFiles {
    package func entries(of directory: String) throws -> [SyncFolder.Entry] {
        try entries(of: directory, including: { _ in true })
    }

    package func write(_ bytes: [UInt8], to path: String) throws {
        try write(to: path) { try $0(bytes) }
    }
}

/// A sync file opened for reading, and what identifies the version read (a second opening of the
/// same file must match it, or the file changed meanwhile).
public struct SyncFileOpening {
    package let reader: ByteReader
    package let identity: [UInt64]

    package init(reader: ByteReader, identity: [UInt64]) {
        self.reader = reader
        self.identity = identity
    }
}
