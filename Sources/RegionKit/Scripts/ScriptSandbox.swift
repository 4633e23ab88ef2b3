import Foundation

/// The script data folder that wk_file_* are confined to. A path is relative to the folder,
/// or absolute and inside it (RegionFramework's wk_dir_* give absolute paths); `..`, an
/// absolute path elsewhere, and any symlink along the way are refused, so a script can
/// neither name nor be redirected to a file outside.
public struct ScriptSandbox: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// The folder's own absolute path for a name inside it (what wk_dir_* return).
    public func absolute(_ relative: String) -> String {
        (root.hasPrefix("/") ? "/" : "") + (Self.components(root) + [relative]).joined(separator: "/")
    }

    /// The checked absolute path for `relative` (or an absolute path inside the folder);
    /// intermediate folders are created when `creating`.
    public func resolve(_ relative: String, creating: Bool = false) throws -> String {
        guard !relative.isEmpty else { throw ScriptThrow("empty path") }
        guard !relative.contains("\0") else { throw ScriptThrow("path contains a NUL character") }
        var parts = Self.components(relative)
        guard !parts.isEmpty else { throw ScriptThrow("'\(relative)' names no file") }
        if parts.contains("..") { throw ScriptThrow("'\(relative)': '..' is not allowed") }
        if relative.hasPrefix("/") {
            let rootParts = Self.components(root)
            guard parts.count > rootParts.count, Array(parts.prefix(rootParts.count)) == rootParts else {
                throw ScriptThrow("'\(relative)': outside the script folder \(root)")
            }
            parts.removeFirst(rootParts.count)
        }
        try ensureRoot()
        var current = root
        for (index, part) in parts.enumerated() {
            current += "/" + part
            var info = stat()
            if lstat(current, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFLNK { throw ScriptThrow("'\(relative)': symlinks are not allowed") }
                let isLast = index == parts.count - 1
                if !isLast, (info.st_mode & S_IFMT) != S_IFDIR { throw ScriptThrow("'\(relative)': not a folder on the way") }
            } else if creating, index < parts.count - 1 {
                guard mkdir(current, 0o700) == 0 || errno == EEXIST else {
                    throw ScriptThrow("'\(relative)': cannot create folder: \(String(cString: strerror(errno)))")
                }
            }
        }
        return current
    }

    /// Path components without empty and "." ones, so "/a//./b/" and "/a/b" compare equal.
    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    }

    func ensureRoot() throws {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw ScriptThrow("cannot create the script folder \(root)")
        }
    }

    /// One safe path component (an activity id): no slash, no dot-names.
    public static func component(_ text: String) throws -> String {
        guard !text.isEmpty, !text.contains("/"), !text.contains("\0"), text != ".", text != "..", !text.hasPrefix(".") else {
            throw ScriptThrow("'\(text)' is not a valid activity id")
        }
        return text
    }

    // File operations. Writes open with O_NOFOLLOW so a symlink planted after the check is still refused.

    public func write(_ relative: String, _ text: String, append: Bool) throws {
        let path = try resolve(relative, creating: true)
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | (append ? O_APPEND : O_TRUNC)
        let fd = open(path, flags, 0o600)
        guard fd >= 0 else { throw ScriptThrow("'\(relative)': \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { throw ScriptThrow("'\(relative)': write failed: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// The file's text, or nil when it does not exist.
    public func read(_ relative: String) throws -> String? {
        let path = try resolve(relative)
        let fd = open(path, O_RDONLY | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw ScriptThrow("'\(relative)': \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let data = (try? handle.readToEnd()) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    public func delete(_ relative: String) throws -> Bool {
        let path = try resolve(relative)
        return unlink(path) == 0
    }

    public func exists(_ relative: String) throws -> Bool {
        let path = try resolve(relative)
        var info = stat()
        return lstat(path, &info) == 0
    }
}
