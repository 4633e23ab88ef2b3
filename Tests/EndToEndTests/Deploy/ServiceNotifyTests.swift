import Foundation
import MemberDeskTestSupport
import Testing

/// `memberdesk scan` under systemd's Type=notify: READY=1 once it watches, WATCHDOG=1 every half
/// WatchdogSec, STOPPING=1 at the end, as datagrams to $NOTIFY_SOCKET (here a socket of the test's).
@Suite struct ServiceNotifyTests {
    /// A bound AF_UNIX datagram socket, as systemd's notify socket.
    final class NotifySocket {
        let path: String
        let fd: Int32

        init(path: String) throws {
            self.path = path
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0)
            var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(fd) }

        /// The next datagram, or nil when none came within the receive timeout.
        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &buffer, buffer.count, 0)
            return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
        }
    }

    @Test func scanSaysReadyPingsTheWatchdogAndSaysStopping() throws {
        var desk = try DeskBinary()
        let socket = try NotifySocket(path: desk.home.file("notify"))
        desk.extraEnvironment = ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "200000"]
        let scan = try RunningDesk(desk, ["scan", "--stdin"])
        var messages: [String] = []
        #expect(waitUntil(timeout: 30, poll: 0) {
            if let message = socket.receive() { messages.append(message) }
            return messages.filter { $0 == "WATCHDOG=1" }.count >= 3
        })
        #expect(messages.first == "READY=1\nSTATUS=reading wedge scans from standard input")
        scan.closeInput()
        #expect(scan.waitForExit(timeout: 30) == 0)
        #expect(waitUntil(timeout: 10, poll: 0) {
            if let message = socket.receive() { messages.append(message) }
            return messages.contains("STOPPING=1")
        })
    }

    @Test func withoutNotifySocketScanRunsAsBefore() throws {
        let desk = try DeskBinary()
        let result = try desk.run(["scan", "--stdin"], stdin: "")
        #expect(result.status == 0 && result.stderr.isEmpty)
    }
}
