import Glibc

/// inotify over the sync folder and each terminal's subfolder: names created, renamed in or
/// out, written or deleted. Symlinked folders are not watched (IN_DONT_FOLLOW).
final class FolderNotifier {
    private let descriptor: Int32
    private var watched: [Int32: String] = [:]
    private var paths: Set<String> = []

    init() throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw SyncWatcherError.notify(String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Watches `path` (a folder) once; a path that cannot be watched is left to the rescan.
    func watch(_ path: String) {
        watch(path, mask: UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_DELETE | IN_DELETE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW))
    }

    /// Watches a file for writes (the database's WAL: any process's commit), once; a file that is
    /// missing now is watched when it is asked for again.
    func watchFile(_ path: String) {
        watch(path, mask: UInt32(IN_MODIFY | IN_DELETE_SELF | IN_DONT_FOLLOW))
    }

    private func watch(_ path: String, mask: UInt32) {
        guard !paths.contains(path) else { return }
        let handle = inotify_add_watch(descriptor, path, mask)
        guard handle >= 0 else { return }
        watched[handle] = path
        paths.insert(path)
    }

    enum Event: Equatable {
        /// `name` changed in the watched `folder`.
        case named(folder: String, name: String)
        /// The kernel's queue overflowed: events were lost, so nothing can be said of what changed.
        case overflow
    }

    /// Waits up to `timeout` seconds; returns each event, empty on timeout.
    func wait(timeout: Double) -> [Event] {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(max(0, timeout) * 1000)) > 0 else { return [] }
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (handle, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    events.append(.overflow)
                } else if let folder = watched[handle] {
                    if mask & UInt32(IN_IGNORED) != 0 || mask & UInt32(IN_DELETE_SELF) != 0 {
                        watched[handle] = nil
                        paths.remove(folder)
                    } else {
                        events.append(.named(folder: folder, name: name))
                    }
                }
                offset += header + length
            }
        }
        return events
    }
}
