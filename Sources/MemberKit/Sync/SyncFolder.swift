import Foundation

/// The shared folder's layout: one subfolder per terminal, named by its terminal id, holding
/// that terminal's sync files and a small `desk.json` with its name. Everything else
/// (Syncthing's `.stfolder`, `.stversions`, temporary files, stray files) is not ours and is left alone.
/// `files` is how it is read and written (the live file system, or a test's double).
public struct SyncFolder: Sendable {
    public let path: String
    public let files: any SyncFolderFiles

    public init(path: String, files: any SyncFolderFiles) {
        self.path = (path as NSString).expandingTildeInPath
        self.files = files
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

        package init(name: String, kind: Kind, size: Int64, mtime: Double) {
            self.name = name
            self.kind = kind
            self.size = size
            self.mtime = mtime
        }
    }

    /// Throws a one-line error when the folder is missing or not a folder.
    public func checkUsable() throws { try files.checkUsable(path) }

    /// The entries of one of its folders (`SyncFolderFiles.entries`): a desk's subfolder holds
    /// hundreds of files, and only names `including` accepts are stat-ed.
    func entries(of directory: String, including: (String) -> Bool = { _ in true }) throws -> [Entry] {
        try files.entries(of: directory, including: including)
    }

    /// One entry by `lstat` (`following`: by `stat`), nil when there is none.
    func entry(at path: String, following: Bool = false) -> Entry? { files.entry(at: path, following: following) }
}
