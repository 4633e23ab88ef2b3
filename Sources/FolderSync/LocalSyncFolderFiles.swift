import Foundation
import MemberKit

/// The sync folder on this machine's file system: POSIX calls that never follow a symlink unless
/// asked, and `AtomicFileWriter` for every write (the desks read each file whole or not at all).
public struct LocalSyncFolderFiles: SyncFolderFiles {
    public init() {}

    public func checkUsable(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw SyncError.folderUnusable(path, errno == ENOENT ? "it does not exist" : String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw SyncError.folderUnusable(path, "it is not a folder") }
        guard access(path, R_OK | W_OK | X_OK) == 0 else {
            throw SyncError.folderUnusable(path, "no permission to read and write it")
        }
    }

    /// The stat is most of a listing's cost: it is made relative to the open folder, so the path
    /// is not walked again for each name.
    public func entries(of directory: String, including: (String) -> Bool) throws -> [SyncFolder.Entry] {
        guard let dir = opendir(directory) else {
            throw SyncError.folderUnusable(directory, String(cString: strerror(errno)))
        }
        defer { closedir(dir) }
        let folder = dirfd(dir)
        var entries: [SyncFolder.Entry] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), !name.hasPrefix("~syncthing~"), including(name) else { continue }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }  // gone meanwhile
            entries.append(Self.entry(name, info))
        }
        return entries.sorted { $0.name < $1.name }
    }

    public func entry(at path: String, following: Bool) -> SyncFolder.Entry? {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return Self.entry(String(path.split(separator: "/").last ?? ""), info)
    }

    public func read(_ path: String, maxBytes: Int) -> [UInt8]? {
        let fd = Foundation.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maxBytes else { return nil }
        // Read to the end, never past the cap: a file that grew since the stat is refused, not cut.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= maxBytes {
            let got = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            guard got > 0 else { break }
            bytes += chunk.prefix(got)
        }
        return bytes.count <= maxBytes ? bytes : nil
    }

    public func open(_ path: String, expected: SyncFolder.Entry) throws -> SyncFileOpening {
        let fd = Foundation.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw SyncError.badFile(path, errno == ELOOP ? "a symbolic link: not followed" : "cannot open: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw SyncError.badFile(path, "not a regular file")
        }
        guard Int64(info.st_size) == expected.size else {
            close(fd)
            throw SyncError.badFile(path, "changed while being read; read again later")
        }
        let identity = [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size), UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec)]
        return SyncFileOpening(reader: ByteReader(descriptor: fd), identity: identity)
    }

    public func write<T>(to path: String, _ body: (_ sink: ([UInt8]) throws -> Void) throws -> T) throws -> T {
        try AtomicFileWriter.write(path: path, syncthingTemporary: true, body)
    }

    public func makeFolder(_ path: String) throws {
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw SyncError.folderUnusable(path, String(cString: strerror(errno)))
        }
    }

    @discardableResult
    public func remove(_ path: String) -> Bool { unlink(path) == 0 }

    /// What an `lstat` (or `stat`) of `name` said.
    private static func entry(_ name: String, _ info: stat) -> SyncFolder.Entry {
        let kind: SyncFolder.Entry.Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        return SyncFolder.Entry(name: name, kind: kind, size: Int64(info.st_size),
                                mtime: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }
}
