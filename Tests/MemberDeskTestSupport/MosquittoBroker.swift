import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real `mosquitto` broker (Debian's package) on a loopback port with its own config, for
/// end-to-end MQTT tests and the bench. Optional TLS with a CA and server certificate that
/// `openssl` makes here, and a password file made with `mosquitto_passwd`.
public final class MosquittoBroker: @unchecked Sendable {
    public let home: TemporaryDirectory
    public let port: Int
    public let tls: Bool
    private var process: ChildProcess?

    public static var isInstalled: Bool {
        ["/usr/sbin/mosquitto", "/usr/bin/mosquitto_passwd"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The URL memberdesk's `mqtt.url` takes.
    public var url: String { tls ? "mqtts://localhost:\(port)" : "mqtt://127.0.0.1:\(port)" }
    /// The CA that signed the broker's certificate (TLS only).
    public var caFile: String { home.file("ca.crt") }
    public var logFile: String { home.file("mosquitto.log") }

    /// Writes the config (and with `tls`, the certificates; with `users`, the password file). Not yet started.
    public init(tls: Bool = false, users: [String: String] = [:]) throws {
        home = try TemporaryDirectory()
        port = try Self.freePort()
        self.tls = tls
        var lines = ["listener \(port) 127.0.0.1", "persistence false", "log_dest file \(logFile)",
                     "log_type error", "log_type warning", "log_type notice", "log_type information"]
        if getuid() == 0 { lines.append("user root") }  // root would otherwise switch to `mosquitto`, which cannot read our folder
        if users.isEmpty {
            lines.append("allow_anonymous true")
        } else {
            let passwords = home.file("passwords")
            for (index, (user, password)) in users.sorted(by: { $0.key < $1.key }).enumerated() {
                try Self.run("/usr/bin/mosquitto_passwd", (index == 0 ? ["-c"] : []) + ["-b", passwords, user, password])
            }
            lines += ["allow_anonymous false", "password_file \(passwords)"]
        }
        if tls {
            try makeCertificates()
            lines += ["cafile \(caFile)", "certfile \(home.file("server.crt"))", "keyfile \(home.file("server.key"))"]
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: home.file("mosquitto.conf"), atomically: true, encoding: .utf8)
    }

    /// Starts the broker and waits until it accepts connections.
    public func start() throws {
        guard process == nil else { return }
        process = try ChildProcess("/usr/sbin/mosquitto", ["-c", home.file("mosquitto.conf")], stderr: .file(home.file("stderr")))
        let port = port
        guard waitUntil(timeout: 15, { Self.accepts(port: port) }) else {
            let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            stop()
            throw MosquittoBrokerError("mosquitto did not listen on \(port): \(log)")
        }
    }

    public func stop() {
        guard let process else { return }
        process.signal(SIGTERM)
        if process.wait(timeout: 10) == nil { process.killAndWait() }
        self.process = nil
    }

    public var isRunning: Bool { process != nil }

    deinit { stop() }

    private func makeCertificates() throws {
        let dir = home.path
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: dir + "/ext.cnf", atomically: true, encoding: .utf8)
        try Self.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", dir + "/ca.key",
                                          "-out", dir + "/ca.crt", "-days", "2", "-subj", "/CN=memberdesk test CA"])
        try Self.run("/usr/bin/openssl", ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", dir + "/server.key",
                                          "-out", dir + "/server.csr", "-subj", "/CN=localhost"])
        try Self.run("/usr/bin/openssl", ["x509", "-req", "-in", dir + "/server.csr", "-CA", dir + "/ca.crt", "-CAkey", dir + "/ca.key",
                                          "-CAcreateserial", "-out", dir + "/server.crt", "-days", "2", "-extfile", dir + "/ext.cnf"])
    }

    static func run(_ program: String, _ arguments: [String]) throws {
        let child = try ChildProcess(program, arguments, stdout: .pipe, stderr: .stdout)
        let output = AsyncData(child.output!)
        guard child.wait(timeout: 60)?.status == 0 else {
            throw MosquittoBrokerError("\(program) \(arguments.joined(separator: " ")) failed: \(output.text())")
        }
    }

    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw MosquittoBrokerError("socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw MosquittoBrokerError("bind: \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

public struct MosquittoBrokerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
