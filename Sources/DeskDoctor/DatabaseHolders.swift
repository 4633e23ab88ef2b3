import Foundation

/// The processes that have a database file (or its -wal / -shm companions) open, found through
/// `/proc/PID/fd`. The proc root is injected so tests can give a fake tree.
public struct DatabaseHolders: Sendable {
    public struct Holder: Sendable, Equatable, CustomStringConvertible {
        package var pid: Int32
        /// The command line, as `ps` shows it.
        package var command: String
        public var description: String { "\(command) (pid \(pid))" }
    }

    var procRoot: String

    public init(procRoot: String = "/proc") {
        self.procRoot = procRoot
    }

    /// Every other process holding `databasePath` open. Processes this user may not inspect are
    /// not seen (run as the database's owner or root to see them all).
    public func holders(of databasePath: String, excluding excludedPid: Int32 = getpid()) -> [Holder] {
        let resolved = URL(fileURLWithPath: databasePath).resolvingSymlinksInPath().path
        let targets: Set<String> = [resolved, resolved + "-wal", resolved + "-shm"]
        let fm = FileManager.default
        guard let entries = try? fm.contentsOfDirectory(atPath: procRoot) else { return [] }
        var found: [Holder] = []
        for entry in entries {
            guard let pid = Int32(entry), pid != excludedPid else { continue }
            let fdFolder = "\(procRoot)/\(entry)/fd"
            guard let descriptors = try? fm.contentsOfDirectory(atPath: fdFolder) else { continue }
            let holds = descriptors.contains { descriptor in
                guard let target = try? fm.destinationOfSymbolicLink(atPath: "\(fdFolder)/\(descriptor)") else { return false }
                return targets.contains(target)
            }
            if holds { found.append(Holder(pid: pid, command: command(of: entry))) }
        }
        return found.sorted { $0.pid < $1.pid }
    }

    private func command(of pid: String) -> String {
        guard let data = FileManager.default.contents(atPath: "\(procRoot)/\(pid)/cmdline"), !data.isEmpty else {
            let name = (try? String(contentsOfFile: "\(procRoot)/\(pid)/comm", encoding: .utf8)) ?? "?"
            return name.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let parts = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard let first = parts.first else { return "?" }
        // The program's name, not its folder: "memberdesk scan", not "/usr/bin/memberdesk scan".
        return ([URL(fileURLWithPath: first).lastPathComponent] + parts.dropFirst()).joined(separator: " ")
    }
}
