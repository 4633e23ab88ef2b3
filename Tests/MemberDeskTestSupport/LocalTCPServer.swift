import Foundation
import Synchronization

/// A TCP listener on 127.0.0.1 with an ephemeral port; each connection is handed to
/// `handle` on its own thread, and closed here when `handle` returns (never by `handle`: the
/// list of open connections must not hold a number the system has since given to another
/// socket, which `stop()` would then shut down). Used by the fake HTTP server and the fake gpsd.
public final class LocalTCPServer: Sendable {
    public let port: UInt16
    private let listener: Int32
    private let stopped = Atomic(false)
    private let connections = Mutex<[Int32]>([])

    public init(handle: @escaping @Sendable (Int32) -> Void) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TCPServerError.failed("socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw TCPServerError.failed("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        Thread.detachNewThread { [self] in
            while !stopped.load(ordering: .sequentiallyConsistent) {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { if errno == EINTR { continue } else { return } }
                connections.withLock { $0.append(client) }
                Thread.detachNewThread { [self] in
                    handle(client)
                    connections.withLock { open in
                        open.removeAll { $0 == client }
                        close(client)
                    }
                }
            }
        }
    }

    /// Stops listening and closes every connection (a hanging client then sees EOF).
    public func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        connections.withLock { open in
            for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    deinit { stop() }

    public static func write(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }
}

public enum TCPServerError: Error { case failed(String) }

/// A tiny HTTP/1.1 server for tests: each request is answered by `respond`; `.hang` never answers.
public final class TestHTTPServer: Sendable {
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var headers: [String: String]
        public var body: String
    }

    public enum Response: Sendable {
        case ok(String, contentType: String = "application/json")
        case status(Int, String)
        case hang
    }

    private let server: LocalTCPServer
    private let seen = Locked<[Request]>([])
    public var port: UInt16 { server.port }
    public var baseURL: String { "http://127.0.0.1:\(server.port)" }
    public var requests: [Request] { seen.value }

    public init(_ respond: @escaping @Sendable (Request) -> Response) throws {
        let seen = self.seen
        server = try LocalTCPServer { fd in
            guard let request = Self.readRequest(fd) else { return }
            seen.mutex.withLock { $0.append(request) }
            switch respond(request) {
            case .ok(let body, let type):
                _ = LocalTCPServer.write(fd, Self.reply(200, "OK", body, type))
            case .status(let code, let body):
                _ = LocalTCPServer.write(fd, Self.reply(code, "Status", body, "text/plain"))
            case .hang:
                // Until the client gives up or the server stops: neither a signal (EINTR) nor
                // stray bytes from the client may end the wait and close the connection early.
                var byte: UInt8 = 0
                while true {
                    let got = recv(fd, &byte, 1, 0)
                    if got == 0 || (got < 0 && errno != EINTR) { break }
                }
            }
        }
    }

    public func stop() { server.stop() }

    static func reply(_ code: Int, _ reason: String, _ body: String, _ type: String) -> String {
        "HTTP/1.1 \(code) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    static func readRequest(_ fd: Int32) -> Request? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Int?
        while headerEnd == nil {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            data += buffer[0..<count]
            headerEnd = data.indices.dropLast(3).first { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }
        }
        let head = String(decoding: data[..<headerEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let start = head[0].split(separator: " ")
        guard start.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(data[(headerEnd! + 4)...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < length {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            body += buffer[0..<count]
        }
        return Request(method: String(start[0]), path: String(start[1]), headers: headers, body: String(decoding: body, as: UTF8.self))
    }
}

/// A fake gpsd: sends VERSION, waits for ?WATCH, then sends each queued JSON line.
public final class FakeGpsd: Sendable {
    private let server: LocalTCPServer
    private let lines = Locked<[String]>([])
    private let watched = Locked(0)
    public var port: UInt16 { server.port }
    public var address: String { "127.0.0.1:\(server.port)" }
    /// How many clients have sent ?WATCH.
    public var watchers: Int { watched.value }

    public init() throws {
        let lines = self.lines, watched = self.watched
        server = try LocalTCPServer { fd in
            guard LocalTCPServer.write(fd, "{\"class\":\"VERSION\",\"release\":\"3.22\",\"proto_major\":3,\"proto_minor\":14}\n") else { return }
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0, String(decoding: buffer[0..<count], as: UTF8.self).contains("?WATCH") else { return }
            watched.mutex.withLock { $0 += 1 }
            while true {
                let next = lines.mutex.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                if let next {
                    guard LocalTCPServer.write(fd, next + "\n") else { return }
                } else {
                    usleep(2000)
                    var probe: UInt8 = 0
                    if recv(fd, &probe, 1, Int32(MSG_DONTWAIT)) == 0 { return }  // client closed
                }
            }
        }
    }

    /// Queues a TPV report.
    public func send(latitude: Double, longitude: Double, eph: Double = 5, mode: Int = 3) {
        send(raw: "{\"class\":\"TPV\",\"device\":\"/dev/ttyUSB0\",\"mode\":\(mode),\"lat\":\(latitude),\"lon\":\(longitude),\"eph\":\(eph)}")
    }

    public func send(raw line: String) { lines.mutex.withLock { $0.append(line) } }

    public func stop() { server.stop() }
}

/// A value behind a lock, shareable by reference (a Mutex alone cannot be captured).
public final class Locked<T: Sendable>: Sendable {
    public let mutex: Mutex<T>
    public init(_ value: T) { mutex = Mutex(value) }
    public var value: T { mutex.withLock { $0 } }
}
