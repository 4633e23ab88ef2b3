import Foundation

/// Waits in poll(2) until one of `descriptors` is readable or `timeout` milliseconds pass
/// (-1: no limit). A signal (SIGWINCH) ends the wait early too; the caller looks at everything anyway.
enum InputWait {
    static func wait(for descriptors: [Int32], timeout: Int32) {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&fds, nfds_t(fds.count), timeout)
    }
}
