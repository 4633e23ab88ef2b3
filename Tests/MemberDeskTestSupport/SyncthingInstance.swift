import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real `syncthing serve` on loopback with its own home, for end-to-end sync tests and the
/// bench: no discovery, no relays, no NAT, no usage reports; its listen and GUI ports are free
/// ones picked at start. `folder` is the folder memberdesk syncs (created empty).
public final class SyncthingInstance: @unchecked Sendable {
    public let home: TemporaryDirectory
    public let deviceId: String
    /// Picked free before the start; picked again when syncthing finds one taken meanwhile (`start`).
    public private(set) var listenPort: Int
    public private(set) var guiPort: Int
    public let apiKey = "memberdesk-test-\(UUID().uuidString.prefix(8))"
    public var folder: String { home.path + "/shared" }
    public var guiURL: String { "http://127.0.0.1:\(guiPort)" }
    public var listenAddress: String { "tcp://127.0.0.1:\(listenPort)" }
    private var process: ChildProcess?

    public static var isInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/syncthing") }
    }

    public init() throws {
        home = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.path + "/shared", withIntermediateDirectories: true)
        let generate = try ChildProcess("syncthing", ["generate", "--home=\(home.path)/st", "--no-default-folder"],
                                        stdout: .pipe, stderr: .stdout)
        let output = AsyncData(generate.output!)
        guard generate.wait(timeout: 60)?.status == 0 else { throw SyncthingInstanceError("syncthing generate failed: \(output.text())") }
        var xml = try String(contentsOfFile: home.path + "/st/config.xml", encoding: .utf8)
        guard let idRange = xml.range(of: #"<device id="([A-Z0-9-]+)""#, options: .regularExpression) else {
            throw SyncthingInstanceError("no device id in config.xml")
        }
        deviceId = String(xml[idRange].dropFirst(#"<device id=""#.count).dropLast())
        listenPort = try Self.freePort()
        guiPort = try Self.freePort()
        func set(_ tag: String, _ value: String) {
            if let range = xml.range(of: "<\(tag)>[^<]*</\(tag)>", options: .regularExpression) {
                xml.replaceSubrange(range, with: "<\(tag)>\(value)</\(tag)>")
            }
        }
        set("globalAnnounceEnabled", "false")
        set("localAnnounceEnabled", "false")
        set("relaysEnabled", "false")
        set("natEnabled", "false")
        set("urAccepted", "-1")
        set("startBrowser", "false")
        set("crashReportingEnabled", "false")
        set("autoUpgradeIntervalH", "0")
        set("apikey", apiKey)
        try xml.write(toFile: home.path + "/st/config.xml", atomically: true, encoding: .utf8)
        try writePorts()
    }

    /// Writes the listen and GUI ports into config.xml (the device's own <address> comes before the GUI's).
    private func writePorts() throws {
        var xml = try String(contentsOfFile: home.path + "/st/config.xml", encoding: .utf8)
        if let range = xml.range(of: "<listenAddress>[^<]*</listenAddress>", options: .regularExpression) {
            xml.replaceSubrange(range, with: "<listenAddress>\(listenAddress)</listenAddress>")
        }
        if let gui = xml.range(of: "<gui"), let range = xml.range(of: "<address>[^<]*</address>", options: .regularExpression,
                                                                  range: gui.upperBound..<xml.endIndex) {
            xml.replaceSubrange(range, with: "<address>127.0.0.1:\(guiPort)</address>")
        }
        try xml.write(toFile: home.path + "/st/config.xml", atomically: true, encoding: .utf8)
    }

    deinit { stop() }

    public var syncthingHome: String { home.path + "/st" }

    /// Starts `syncthing serve` and waits until its API answers. `trace` names Syncthing's debug
    /// facilities (`STTRACE`) to log: "api" logs each REST request with its path and status.
    /// The ports are picked free before the start, so another test may take one meanwhile:
    /// syncthing then exits, and it is started again on fresh ports (three tries).
    public func start(trace: String? = nil) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["STNOUPGRADE"] = "1"
        environment["STTRACE"] = trace
        environment["HOME"] = home.path
        for attempt in 1...3 {
            let started = try ChildProcess("syncthing", ["serve", "--home=\(syncthingHome)", "--no-browser", "--no-restart",
                                                         "--logfile=\(home.path)/syncthing.log"],
                                           environment: environment, stdout: .file(home.path + "/stdout.log"), stderr: .stdout)
            process = started
            // Asked only once syncthing says it listens: a port another test holds would not answer the ping.
            let listening = "GUI and API listening on 127.0.0.1:\(guiPort)"
            let answered = waitUntil(timeout: 60, poll: 0.1, {
                !started.isRunning || (self.log.contains(listening) && (try? self.call("GET", "/rest/system/ping")) != nil)
            })
            if answered && started.isRunning { return }
            stop()
            guard answered, attempt < 3 else { break }
            listenPort = try Self.freePort()
            guiPort = try Self.freePort()
            try writePorts()
        }
        throw SyncthingInstanceError("syncthing did not answer on \(guiURL); its log ends:\n\(log.suffix(2_000))")
    }

    /// What Syncthing logged so far.
    public var log: String { (try? String(contentsOfFile: home.path + "/syncthing.log", encoding: .utf8)) ?? "" }

    public func stop() {
        if let process, process.isRunning {
            process.signal(SIGTERM)
            if process.wait(timeout: 10) == nil { _ = process.killAndWait() }
        }
        process = nil
    }

    /// One REST call; the reply's body.
    @discardableResult
    public func call(_ method: String, _ path: String, body: Data? = nil) throws -> Data {
        var request = URLRequest(url: URL(string: guiURL + path)!, timeoutInterval: 10)
        request.httpMethod = method
        request.httpBody = body
        request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")
        let box = ReplyBox()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            box.set(data, (response as? HTTPURLResponse)?.statusCode ?? 0, error)
            done.signal()
        }.resume()
        done.wait()
        let (data, status, error) = box.get()
        if let error { throw SyncthingInstanceError("\(method) \(path): \(error.localizedDescription)") }
        guard (200..<300).contains(status) else {
            throw SyncthingInstanceError("\(method) \(path): HTTP \(status) \(String(decoding: data ?? Data(), as: UTF8.self))")
        }
        return data ?? Data()
    }

    /// Shares `folder` with `other` through the REST API, as `memberdesk sync syncthing add` does
    /// (the bench's way; the end-to-end test goes through memberdesk itself). With `watcher` false
    /// Syncthing notices a change only at a rescan or when asked to scan (`POST /rest/db/scan`).
    public func share(with other: SyncthingInstance, rescanSeconds: Int = 60, watcher: Bool = true) throws {
        let device: [String: Any] = ["deviceID": other.deviceId, "addresses": [other.listenAddress]]
        try call("POST", "/rest/config/devices", body: JSONSerialization.data(withJSONObject: device))
        let folder: [String: Any] = [
            "id": "memberdesk", "label": "memberdesk", "path": self.folder, "type": "sendreceive",
            "devices": [["deviceID": deviceId], ["deviceID": other.deviceId]],
            "fsWatcherEnabled": watcher, "fsWatcherDelayS": 1, "rescanIntervalS": rescanSeconds,
        ]
        try call("POST", "/rest/config/folders", body: JSONSerialization.data(withJSONObject: folder))
    }

    /// Stops carrying files to and from every other device, and starts again.
    public func pause() throws { try call("POST", "/rest/system/pause") }
    public func resume() throws { try call("POST", "/rest/system/resume") }

    /// True while connected to `device`.
    public func isConnected(to device: String) -> Bool {
        guard let data = try? call("GET", "/rest/system/connections"),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let connections = object["connections"] as? [String: Any],
              let entry = connections[device] as? [String: Any] else { return false }
        return entry["connected"] as? Bool ?? false
    }

    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SyncthingInstanceError("socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw SyncthingInstanceError("bind: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private final class ReplyBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (Data?, Int, Error?) = (nil, 0, nil)
        func set(_ data: Data?, _ status: Int, _ error: Error?) { lock.withLock { value = (data, status, error) } }
        func get() -> (Data?, Int, Error?) { lock.withLock { value } }
    }
}

public struct SyncthingInstanceError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
