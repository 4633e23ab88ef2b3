import Foundation
import MemberKit
import Synchronization

/// A sync folder held in memory, for tests that script what a folder holds: the same answers as
/// FolderSync's `LocalSyncFolderFiles` (FolderFilesAgreementTests runs one script through both).
/// A symlink is named by `link`, and followed one step at most.
public final class MemorySyncFolderFiles: SyncFolderFiles {
    private enum Node {
        case file([UInt8], mtime: Double)
        case directory
        case symlink(String)
    }

    private let nodes = Mutex<[String: Node]>([:])
    private let tick = Mutex(0.0)

    /// `folders`: the folders there from the start (the sync folder itself, usually).
    public init(folders: [String] = []) {
        nodes.withLock { nodes in for folder in folders { nodes[folder] = .directory } }
    }

    /// Puts a symlink at `path` pointing to `target`.
    public func link(_ path: String, to target: String) {
        nodes.withLock { $0[path] = .symlink(target) }
    }

    public func checkUsable(_ path: String) throws {
        switch node(path, following: true) {
        case .directory?: return
        case nil: throw SyncError.folderUnusable(path, "it does not exist")
        default: throw SyncError.folderUnusable(path, "it is not a folder")
        }
    }

    public func entries(of directory: String, including: (String) -> Bool) throws -> [SyncFolder.Entry] {
        guard case .directory? = node(directory, following: true) else {
            throw SyncError.folderUnusable(directory, "No such file or directory")
        }
        let prefix = directory + "/"
        let names = nodes.withLock { nodes in
            nodes.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }.map { String($0.dropFirst(prefix.count)) }
        }
        return names.filter { !$0.hasPrefix(".") && !$0.hasPrefix("~syncthing~") && including($0) }.sorted()
            .compactMap { entry(at: prefix + $0, following: false) }
    }

    public func entry(at path: String, following: Bool) -> SyncFolder.Entry? {
        let name = String(path.split(separator: "/").last ?? "")
        switch node(path, following: following) {
        case .file(let bytes, let mtime)?: return SyncFolder.Entry(name: name, kind: .file, size: Int64(bytes.count), mtime: mtime)
        case .directory?: return SyncFolder.Entry(name: name, kind: .directory, size: 0, mtime: 0)
        case .symlink(let target)?: return SyncFolder.Entry(name: name, kind: .symlink, size: Int64(target.utf8.count), mtime: 0)
        case nil: return nil
        }
    }

    public func read(_ path: String, maxBytes: Int) -> [UInt8]? {
        guard case .file(let bytes, _)? = node(path, following: false), bytes.count <= maxBytes else { return nil }
        return bytes
    }

    public func open(_ path: String, expected: SyncFolder.Entry) throws -> SyncFileOpening {
        switch node(path, following: false) {
        case .file(let bytes, let mtime)?:
            guard Int64(bytes.count) == expected.size else { throw SyncError.badFile(path, "changed while being read; read again later") }
            return SyncFileOpening(reader: ByteReader(bytes: bytes), identity: [UInt64(bytes.count), UInt64(mtime)])
        case .symlink?: throw SyncError.badFile(path, "a symbolic link: not followed")
        case .directory?: throw SyncError.badFile(path, "not a regular file")
        case nil: throw SyncError.badFile(path, "cannot open: No such file or directory")
        }
    }

    public func write<T>(to path: String, _ body: (_ sink: ([UInt8]) throws -> Void) throws -> T) throws -> T {
        guard case .directory? = node(parent(of: path), following: true) else {
            throw SyncError.folderUnusable(parent(of: path), "No such file or directory")
        }
        var bytes: [UInt8] = []
        let result = try body { bytes += $0 }
        let mtime = tick.withLock { $0 += 1; return $0 }
        nodes.withLock { $0[path] = .file(bytes, mtime: mtime) }
        return result
    }

    public func makeFolder(_ path: String) throws {
        guard node(path, following: false) == nil else { return }  // as mkdir's EEXIST: whatever is there stays
        guard case .directory? = node(parent(of: path), following: true) else {
            throw SyncError.folderUnusable(path, "No such file or directory")
        }
        nodes.withLock { $0[path] = .directory }
    }

    @discardableResult
    public func remove(_ path: String) -> Bool {
        nodes.withLock { nodes in
            guard let node = nodes[path] else { return false }
            if case .directory = node { return false }
            nodes[path] = nil
            return true
        }
    }

    private func node(_ path: String, following: Bool) -> Node? {
        let found = nodes.withLock { $0[path] }
        guard following, case .symlink(let target)? = found else { return found }
        let resolved = target.hasPrefix("/") ? target : parent(of: path) + "/" + target
        return nodes.withLock { $0[resolved] }
    }

    private func parent(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    }
}
