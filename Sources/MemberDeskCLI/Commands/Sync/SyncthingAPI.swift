import Foundation
import DeskHTTP
import Synchronization

/// Syncthing's REST API on this machine: the address and API key come from its config.xml
/// (or the options), each call is one blocking request with a short timeout, and every failure
/// is a one-line `SyncthingError` saying what to do.
struct SyncthingAPI {
    let url: URL
    let apiKey: String
    /// What to check when Syncthing refuses the key: where it came from.
    let keyHint: String
    let http: any HTTPClient = URLSessionHTTPClient()

    /// The folder id memberdesk gives the shared folder in Syncthing.
    static let folderId = "memberdesk"

    /// From --url/--api-key, else from config.xml in `home` (else Syncthing's default homes).
    init(url: String?, apiKey: String?, home: String?) throws {
        var address = url
        var key = apiKey
        var hint = "check --api-key"
        if address == nil || key == nil {
            let homes = home.map { [$0] } ?? Self.defaultHomes()
            guard let configPath = homes.map({ $0 + "/config.xml" }).first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                if Self.installed() {
                    throw SyncthingError("Syncthing has no config in \(homes.joined(separator: " or ")): start it once "
                                         + "(systemctl --user enable --now syncthing), or give --syncthing-home")
                }
                throw SyncthingError("Syncthing is not installed: apt install syncthing")
            }
            guard let xml = try? String(contentsOfFile: configPath, encoding: .utf8) else {
                throw SyncthingError("cannot read \(configPath)")
            }
            let gui = Self.element("gui", in: xml) ?? ""
            if key == nil { hint = "the key in \(configPath) is not the running Syncthing's (is that its home?)" }
            key = key ?? Self.element("apikey", in: gui)
            if address == nil, let host = Self.element("address", in: gui) {
                let tls = gui.contains("tls=\"true\"")
                address = (tls ? "https://" : "http://") + host
            }
            guard key != nil else { throw SyncthingError("\(configPath) holds no API key: give --api-key") }
        }
        guard let text = address, let parsed = URL(string: text.contains("://") ? text : "http://" + text), let key else {
            throw SyncthingError("not a Syncthing address: \(address ?? "")")
        }
        self.url = parsed
        self.apiKey = key
        keyHint = hint
    }

    static func defaultHomes() -> [String] {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let state = ProcessInfo.processInfo.environment["XDG_STATE_HOME"] ?? home + "/.local/state"
        let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] ?? home + "/.config"
        return [state + "/syncthing", config + "/syncthing"]
    }

    static func installed() -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/syncthing") }
    }

    /// The text of the first `<name …>text</name>` in `xml`.
    static func element(_ name: String, in xml: String) -> String? {
        guard let open = xml.range(of: "<\(name)"), let start = xml[open.upperBound...].range(of: ">"),
              let end = xml[start.upperBound...].range(of: "</\(name)>") else { return nil }
        return String(xml[start.upperBound..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// One call; the JSON reply (or nil for an empty one).
    func call(_ method: String, _ path: String, body: Any? = nil) throws -> Any? {
        guard let target = URL(string: url.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + path) else {
            throw SyncthingError("bad Syncthing address \(url)")
        }
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let request = HTTPRequest(url: target, method: method, body: data,
                                  headers: ["X-API-Key": apiKey, "Content-Type": "application/json"], timeout: 10)
        let result = Mutex<Result<HTTPReply, DeskHTTPError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        http.send(request) { reply in
            result.withLock { $0 = reply }
            done.signal()
        }
        done.wait()
        switch result.withLock({ $0 })! {
        case .failure(let error):
            throw SyncthingError("Syncthing is not running at \(url.absoluteString) (\(error)): start it with "
                                 + "systemctl --user start syncthing, or syncthing serve")
        case .success(let reply):
            guard reply.status != 401 && reply.status != 403 else {
                throw SyncthingError("Syncthing at \(url.absoluteString) refused the API key (HTTP \(reply.status)): \(keyHint)")
            }
            guard (200..<300).contains(reply.status) else {
                let text = String(decoding: reply.body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw SyncthingError("Syncthing refused \(method) \(path): HTTP \(reply.status) \(text)")
            }
            guard !reply.body.isEmpty else { return nil }
            return try? JSONSerialization.jsonObject(with: reply.body, options: [.fragmentsAllowed])
        }
    }

    func myID() throws -> String {
        guard let status = try call("GET", "/rest/system/status") as? [String: Any], let id = status["myID"] as? String else {
            throw SyncthingError("Syncthing's status holds no device id")
        }
        return id
    }

    /// Shares `folder` with `device`: adds the device (with `addresses`, "dynamic" finds it by
    /// discovery) and the folder if Syncthing lacks them.
    func share(folder: String, with device: String, name: String?, addresses: [String]) throws -> [String] {
        var done: [String] = []
        let me = try myID()
        let devices = (try call("GET", "/rest/config/devices") as? [[String: Any]]) ?? []
        if !devices.contains(where: { ($0["deviceID"] as? String) == device }) {
            var entry: [String: Any] = ["deviceID": device, "addresses": addresses.isEmpty ? ["dynamic"] : addresses]
            if let name { entry["name"] = name }
            _ = try call("POST", "/rest/config/devices", body: entry)
            done.append("added device \(name ?? device)")
        }
        let folders = (try call("GET", "/rest/config/folders") as? [[String: Any]]) ?? []
        if var existing = folders.first(where: { ($0["id"] as? String) == Self.folderId }) {
            var members = (existing["devices"] as? [[String: Any]]) ?? []
            if !members.contains(where: { ($0["deviceID"] as? String) == device }) {
                members.append(["deviceID": device])
                existing["devices"] = members
                _ = try call("PUT", "/rest/config/folders/\(Self.folderId)", body: existing)
                done.append("shared folder \(Self.folderId) with it")
            }
        } else {
            let entry: [String: Any] = [
                "id": Self.folderId, "label": "memberdesk", "path": folder, "type": "sendreceive",
                "devices": [["deviceID": me], ["deviceID": device]],
                "fsWatcherEnabled": true, "fsWatcherDelayS": 1, "rescanIntervalS": 60,
            ]
            _ = try call("POST", "/rest/config/folders", body: entry)
            done.append("added folder \(Self.folderId) at \(folder), shared with it")
        }
        return done
    }

    struct PeerStatus: Codable {
        var deviceID: String
        var name: String?
        var connected: Bool
        var address: String?
        /// How much of the memberdesk folder that device holds, in percent (nil: unknown).
        var completion: Double?
    }

    func peers() throws -> [PeerStatus] {
        let me = try myID()
        let devices = (try call("GET", "/rest/config/devices") as? [[String: Any]]) ?? []
        let connections = ((try call("GET", "/rest/system/connections") as? [String: Any])?["connections"] as? [String: Any]) ?? [:]
        var peers: [PeerStatus] = []
        for device in devices {
            guard let id = device["deviceID"] as? String, id != me else { continue }
            let connection = connections[id] as? [String: Any]
            let completion = (try? call("GET", "/rest/db/completion?folder=\(Self.folderId)&device=\(id)") as? [String: Any])?["completion"] as? Double
            peers.append(PeerStatus(deviceID: id, name: device["name"] as? String, connected: connection?["connected"] as? Bool ?? false,
                                    address: connection?["address"] as? String, completion: completion))
        }
        return peers
    }
}
