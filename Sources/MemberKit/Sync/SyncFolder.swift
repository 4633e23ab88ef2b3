import Foundation

/// The shared folder's layout: one subfolder per terminal, named by its terminal id, holding
/// that terminal's sync files and a small `desk.json` with its name. Everything else
/// (Syncthing's `.stfolder`, `.stversions`, temporary files, stray files) is not ours and is left alone.
public struct SyncFolder: Sendable {
    public let path: String

    public init(path: String) {
        self.path = (path as NSString).expandingTildeInPath
    }

    static let deskFileName = "desk.json"

    public func subfolder(_ terminalId: String) -> String { path + "/" + terminalId }

    /// A terminal id as a subfolder name: letters, digits, '-' and '_' (a UUID, or a name given in tests).
    public static func isTerminalId(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    }

    /// What `lstat` says of one entry: symlinks are reported as such, never followed.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var kind: Kind
        package var size: Int64
        package var mtime: Double
        public enum Kind: Sendable, Equatable { case file, directory, symlink, other }
    }

    /// Throws a one-line error when the folder is missing or not a folder.
    public func checkUsable() throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw SyncError.folderUnusable(path, errno == ENOENT ? "it does not exist" : String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw SyncError.folderUnusable(path, "it is not a folder") }
        guard access(path, R_OK | W_OK | X_OK) == 0 else {
            throw SyncError.folderUnusable(path, "no permission to read and write it")
        }
    }

    /// The entries of a folder, by lstat; names starting with a dot are left out (Syncthing's own
    /// files and everyone's temporary files). `including`: only names it accepts are looked at
    /// (a desk's subfolder holds hundreds of files; the stat is most of a listing's cost, and is
    /// made relative to the open folder, so the path is not walked again for each name).
    public static func entries(of directory: String, including: (String) -> Bool = { _ in true }) throws -> [Entry] {
        guard let dir = opendir(directory) else {
            throw SyncError.folderUnusable(directory, String(cString: strerror(errno)))
        }
        defer { closedir(dir) }
        let folder = dirfd(dir)
        var entries: [Entry] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), !name.hasPrefix("~syncthing~"), including(name) else { continue }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }  // gone meanwhile
            entries.append(Entry(name: name, info: info))
        }
        return entries.sorted { $0.name < $1.name }
    }
}

extension SyncFolder.Entry {
    /// What an `lstat` of `name` said.
    init(name: String, info: stat) {
        let kind: Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        self.init(name: name, kind: kind, size: Int64(info.st_size),
                  mtime: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }
}
