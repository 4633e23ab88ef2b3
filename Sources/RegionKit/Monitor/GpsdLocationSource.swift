import Foundation
import MemberKit
import Synchronization

/// gpsd's JSON protocol over TCP: send ?WATCH, read one JSON object per line, and turn
/// each TPV report with a 2D/3D fix into a `LocationFix`. Reconnects every few seconds when
/// gpsd is away; a malformed line is skipped.
public final class GpsdLocationSource: LocationSource {
    public let host: String
    public let port: UInt16
    private let clock: any DeskClock
    private let running = Atomic(false)
    private let socket = Mutex<Int32>(-1)
    public let reconnectDelay: TimeInterval

    public init(host: String, port: UInt16, clock: any DeskClock = SystemClock(), reconnectDelay: TimeInterval = 3) {
        self.host = host
        self.port = port
        self.clock = clock
        self.reconnectDelay = reconnectDelay
    }

    /// "host:port" (port defaults to 2947).
    public convenience init?(address: String, clock: any DeskClock = SystemClock()) {
        let parts = address.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let host = parts.first, !host.isEmpty, parts.count <= 2 else { return nil }
        let port = parts.count == 2 ? UInt16(parts[1]) : 2947
        guard let port else { return nil }
        self.init(host: host, port: port, clock: clock)
    }

    public func start(_ handler: @escaping @Sendable (LocationFix) -> Void) {
        guard !running.exchange(true, ordering: .sequentiallyConsistent) else { return }
        Thread.detachNewThread { [self] in
            while running.load(ordering: .sequentiallyConsistent) {
                session(handler)
                var waited = 0.0
                while waited < reconnectDelay, running.load(ordering: .sequentiallyConsistent) {
                    Thread.sleep(forTimeInterval: 0.05)
                    waited += 0.05
                }
            }
        }
    }

    public func stop() {
        running.store(false, ordering: .sequentiallyConsistent)
        socket.withLock { fd in
            if fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private func session(_ handler: @escaping @Sendable (LocationFix) -> Void) {
        guard let fd = Self.connect(host: host, port: port) else { return }
        socket.withLock { $0 = fd }
        defer {
            socket.withLock { $0 = -1 }
            close(fd)
        }
        let watch = Array("?WATCH={\"enable\":true,\"json\":true};\n".utf8)
        guard watch.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == watch.count else { return }
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while running.load(ordering: .sequentiallyConsistent) {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if let fix = Self.parse(line, now: clock.now()) { handler(fix) }
            }
            if pending.count > 65536 { pending.removeAll() }  // no line is that long: drop junk
        }
    }

    /// A TPV report with a fix, or nil for anything else.
    public static func parse(_ line: [UInt8], now: Date) -> LocationFix? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(line)),
              case .object(let object) = value, object["class"] == .string("TPV") else { return nil }
        func number(_ key: String) -> Double? {
            switch object[key] {
            case .int(let n): return Double(n)
            case .double(let n) where n.isFinite: return n
            default: return nil
            }
        }
        if let mode = number("mode"), mode < 2 { return nil }
        guard let lat = number("lat"), let lon = number("lon"), (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
        // eph is the horizontal error estimate; older gpsd sends only epx/epy.
        let accuracy = number("eph") ?? max(number("epx") ?? 0, number("epy") ?? 0)
        return LocationFix(latitude: lat, longitude: lon, accuracy: max(0, accuracy), time: now)
    }

    static func connect(host: String, port: UInt16) -> Int32? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let first = result else { return nil }
        defer { freeaddrinfo(result) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            let fd = Foundation.socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if fd >= 0 {
                if Foundation.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
                close(fd)
            }
            entry = info.pointee.ai_next
        }
        return nil
    }
}
