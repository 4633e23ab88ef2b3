import Foundation

/// systemd's readiness and watchdog protocol, by hand: one datagram per message to the socket
/// in $NOTIFY_SOCKET (`READY=1` once the desk is watching, then `WATCHDOG=1` every half
/// WatchdogSec). Outside systemd there is no socket and every call does nothing.
final class ServiceNotifier: Sendable {
    private let socketPath: String?
    /// Half of WatchdogSec, when systemd asked this process for watchdog pings.
    let watchdogInterval: TimeInterval?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let forUs = environment["WATCHDOG_PID"].map { Int32($0) == getpid() } ?? true
        if forUs, let text = environment["WATCHDOG_USEC"], let usec = Double(text), usec > 0 {
            watchdogInterval = usec / 2_000_000
        } else {
            watchdogInterval = nil
        }
    }

    /// Sends one message; false when there is no socket or it could not be reached.
    @discardableResult
    func send(_ message: String) -> Bool {
        guard let socketPath else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketPath.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }  // an abstract socket
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path)
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (path.first == 0 ? 0 : 1))
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer in
                sendto(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL), sockaddrPointer, length)
            }
        }
        return sent == bytes.count
    }

    /// Says the desk is up, and starts the watchdog pings (until the process ends).
    func ready(status: String) {
        send("READY=1\nSTATUS=\(status)")
        guard let interval = watchdogInterval, socketPath != nil else { return }
        Thread.detachNewThread { [self] in
            while true {
                send("WATCHDOG=1")
                Thread.sleep(forTimeInterval: interval)
            }
        }
    }

    func stopping() {
        send("STOPPING=1")
    }
}
