import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// pcscd for tests: Debian's daemon with the vpcd driver (reader "Virtual PCD 00 00" on TCP 35963).
///
/// `shared()` starts `pcscd -f` when none is running, waits for its socket and the vpcd port,
/// and stops it when the test process exits. A pcscd that was already running is used as it is
/// and never stopped; tests that must kill pcscd check `isOurs` and skip otherwise.
public final class PCSCDaemon: Sendable {
    public static let socketPath = "/run/pcscd/pcscd.comm"
    public static let executable = "/usr/sbin/pcscd"
    public static let virtualReader = "Virtual PCD 00 00"

    private let process = Mutex<ChildProcess?>(nil)
    /// True when this test process started pcscd (and may stop or restart it).
    public let isOurs: Bool

    private static let shared_ = Mutex<Result<PCSCDaemon, PCSCDaemonError>?>(nil)

    /// The daemon every pcscd test shares; started once.
    public static func shared() throws -> PCSCDaemon {
        try shared_.withLock { state in
            if let state { return try state.get() }
            let result: Result<PCSCDaemon, PCSCDaemonError>
            do { result = .success(try PCSCDaemon()) } catch let error as PCSCDaemonError { result = .failure(error) }
            catch { result = .failure(.startFailed("\(error)")) }
            state = result
            if case .success(let daemon) = result, daemon.isOurs {
                atexit { PCSCDaemon.stopShared() }
            }
            return try result.get()
        }
    }

    private static func stopShared() {
        if case .success(let daemon)? = shared_.withLock({ $0 }) { daemon.stop() }
    }

    private init() throws {
        if Self.socketAnswers() {
            isOurs = false
            guard Self.vpcdListening() else { throw PCSCDaemonError.foreignWithoutVPCD }
            return
        }
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw PCSCDaemonError.notInstalled
        }
        isOurs = true
        try start()
    }

    /// Starts our pcscd and waits until it answers and vpcd listens.
    public func start() throws {
        let child: ChildProcess
        do { child = try ChildProcess(Self.executable, ["-f"]) } catch { throw PCSCDaemonError.startFailed("\(error)") }
        process.withLock { $0 = child }
        let ready = waitUntil(timeout: 15, poll: 0.02) { Self.socketAnswers() && Self.vpcdListening() }
        guard ready else {
            stop()
            throw PCSCDaemonError.startFailed("pcscd did not open \(Self.socketPath) and TCP 35963 within 15 s")
        }
    }

    /// Kills our pcscd at once (SIGKILL), as a crash would.
    public func kill() {
        guard let child = process.withLock({ state -> ChildProcess? in defer { state = nil }; return state }) else { return }
        child.killAndWait()
    }

    /// Stops our pcscd politely (SIGTERM, then SIGKILL after 5 s). Never touches a foreign one.
    public func stop() {
        guard let child = process.withLock({ state -> ChildProcess? in defer { state = nil }; return state }) else { return }
        child.signal(SIGTERM)
        if child.wait(timeout: 5) == nil { child.killAndWait() }
    }

    /// pcscd answers on its Unix socket.
    public static func socketAnswers() -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(socketPath.utf8)
            raw.copyBytes(from: bytes.prefix(raw.count - 1))
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// vpcd listens on TCP 35963. Read from /proc rather than by connecting, since a
    /// connection to vpcd is a card insertion.
    public static func vpcdListening(port: UInt16 = VirtualCard.defaultPort) -> Bool {
        let needle = String(format: ":%04X", port)
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                if fields.count > 3, fields[1].hasSuffix(needle), fields[3] == "0A" { return true }
            }
        }
        return false
    }
}

public enum PCSCDaemonError: Error, Sendable, CustomStringConvertible {
    case notInstalled
    case startFailed(String)
    case foreignWithoutVPCD

    public var description: String {
        switch self {
        case .notInstalled: return "pcscd is not installed (make deps installs pcscd and vsmartcard-vpcd)"
        case .startFailed(let why): return "could not start pcscd: \(why)"
        case .foreignWithoutVPCD:
            return "a pcscd that these tests did not start is running without the vpcd reader on TCP 35963; stop it to run the card tests"
        }
    }
}
