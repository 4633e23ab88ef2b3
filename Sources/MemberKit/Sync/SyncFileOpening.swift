import Foundation

/// A sync file opened for reading without following symlinks, checked to be the regular file
/// the folder listing saw.
struct SyncFileOpening {
    let reader: ByteReader
    let identity: [UInt64]

    init(path: String, expected: SyncFolder.Entry) throws {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
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
        identity = [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size), UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec)]
        reader = ByteReader(descriptor: fd)
    }
}
