/// What a pass reads of the other desks: their subfolders whole (a new desk, or all of them at a
/// rescan), or just the files inotify named in them. Reading only named files keeps an event's
/// cost to what changed, not to the files a subfolder holds; the watcher's rescan (at start, on an
/// inotify overflow and periodically) walks everything, so a file no event named is still read.
package struct SyncNamedFiles: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// Subfolders read whole.
    package private(set) var desks: Set<String> = []
    /// Subfolders of which only these names are looked at (none of them in `desks`).
    package private(set) var files: [String: Set<String>] = [:]

    package init() {}

    /// These desks' subfolders whole.
    package init(arrayLiteral desks: String...) { self.desks = Set(desks) }
    package init(desks: Set<String>) { self.desks = desks }

    package var isEmpty: Bool { desks.isEmpty && files.isEmpty }

    /// Every subfolder looked at, whole or not.
    package var subfolders: Set<String> { desks.union(files.keys) }

    package mutating func add(desk: String) {
        desks.insert(desk)
        files[desk] = nil
    }

    package mutating func add(file name: String, in desk: String) {
        guard !desks.contains(desk) else { return }
        files[desk, default: []].insert(name)
    }

    /// The names looked at in `desk`'s subfolder; nil: all of it.
    func names(in desk: String) -> Set<String>? { desks.contains(desk) ? nil : files[desk] }
}
