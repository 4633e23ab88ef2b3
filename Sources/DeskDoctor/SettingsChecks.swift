import DeskSettings
import Foundation
import MemberKit

/// The config file, Bluetooth, the region list's cache, and the backups.
struct SettingsChecks {
    let environment: DoctorEnvironment

    /// The config check, and the config the other checks go by (the defaults when it is bad).
    func config() -> (DoctorCheck, DeskConfig) {
        let path = environment.configPath
        if let missing = environment.config.missingError {
            return (DoctorCheck("config", .problem, "\(missing)",
                                action: "create it (memberdesk config example > \(path)), or name the right file"), DeskConfig())
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return (DoctorCheck("config", .ok, "\(path) is not present: the defaults apply"), DeskConfig())
        }
        do {
            let config = try DeskConfig.load(path: path)
            let keys = config.changedKeys
            let set = keys.isEmpty ? "no key changed from the defaults" : "keys set: " + keys.joined(separator: ", ")
            return (DoctorCheck("config", .ok, "\(path) is valid; \(set)"), config)
        } catch {
            return (DoctorCheck("config", .problem, "\(error)",
                                action: "fix that line in \(path) (memberdesk config example shows every key)"), DeskConfig())
        }
    }

    func bluetooth(_ config: DeskConfig) -> [DoctorCheck] {
        guard config.beacons.enabled else {
            return [DoctorCheck("bluetooth", .ok, "beacon scanning is off (beacons.enabled = false)")]
        }
        let adapters = ((try? FileManager.default.contentsOfDirectory(atPath: environment.system("/sys/class/bluetooth"))) ?? [])
            .filter { $0.hasPrefix("hci") && !$0.contains(":") }.sorted()
        let hci = config.beacons.hci
        var checks: [DoctorCheck] = []
        if adapters.isEmpty {
            checks.append(DoctorCheck("bluetooth", .warning, "no Bluetooth adapter: the desk runs without beacons",
                                      action: "plug in a Bluetooth adapter, or set beacons.enabled = false"))
            return checks
        }
        if !adapters.contains(hci) {
            checks.append(DoctorCheck("bluetooth", .warning, "no adapter \(hci) (beacons.hci); found " + adapters.joined(separator: ", "),
                                      action: "set beacons.hci = \"\(adapters[0])\" in \(environment.configPath)"))
        } else {
            checks.append(DoctorCheck("bluetooth", .ok, "adapter \(hci) present"))
        }
        // CAP_NET_ADMIN is bit 12, CAP_NET_RAW bit 13 of the effective set.
        let status = environment.read(environment.system("/proc/self/status")) ?? ""
        let effective = status.split(separator: "\n").first { $0.hasPrefix("CapEff:") }
            .flatMap { UInt64($0.dropFirst("CapEff:".count).trimmingCharacters(in: .whitespaces), radix: 16) } ?? 0
        if effective & (1 << 12) != 0 && effective & (1 << 13) != 0 {
            checks.append(DoctorCheck("bluetooth", .ok, "live scanning allowed (CAP_NET_RAW, CAP_NET_ADMIN)"))
        } else {
            checks.append(DoctorCheck("bluetooth", .warning,
                                      "this process may not scan live (it lacks CAP_NET_RAW and CAP_NET_ADMIN); the installed service has them",
                                      action: "for a desk run from a terminal: sudo setcap cap_net_raw,cap_net_admin+eip $(command -v memberdesk)"))
        }
        return checks
    }

    func regions(_ config: DeskConfig) -> DoctorCheck {
        let cache = environment.paths.regionCache
        let source = config.regions.source
        let errorFile = DeskPaths.refreshErrorFile(forCache: cache)
        if let failure = environment.read(errorFile)?.trimmingCharacters(in: .whitespacesAndNewlines), !failure.isEmpty {
            let when = ((try? FileManager.default.attributesOfItem(atPath: errorFile))?[.modificationDate] as? Date)
                .map { " " + Self.age(environment.now.timeIntervalSince($0)) + " ago" } ?? ""
            return DoctorCheck("regions", .warning, "the last region-list refresh\(when) failed: \(failure)",
                               action: "fix the list or regions.source, then: memberdesk regions refresh")
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: cache),
              let modified = attributes[.modificationDate] as? Date else {
            if source.isEmpty { return DoctorCheck("regions", .ok, "no region list (regions.source is not set)") }
            return DoctorCheck("regions", .warning, "no region list cached yet from \(source)",
                               action: "memberdesk regions refresh (it says why a refresh fails)")
        }
        guard let data = FileManager.default.contents(atPath: cache),
              (try? JSONSerialization.jsonObject(with: data)) != nil else {
            return DoctorCheck("regions", .problem, "the cached region list \(cache) is not valid JSON",
                               action: "memberdesk regions refresh")
        }
        let age = environment.now.timeIntervalSince(modified)
        let text = "cached region list \(Self.age(age)) old"
        // A refresh is due after the TTL; twice that means refreshes have been failing.
        if !source.isEmpty, age > 2 * config.regions.ttl {
            return DoctorCheck("regions", .warning, "\(text) (regions.ttl \(Self.age(config.regions.ttl))): refreshes from \(source) are failing",
                               action: "memberdesk regions refresh (it says why)")
        }
        return DoctorCheck("regions", .ok, text)
    }

    /// With `[mqtt]` set: does the broker accept this desk? Nothing to say when MQTT is off.
    func mqtt(_ config: DeskConfig) -> [DoctorCheck] {
        guard config.mqtt.isEnabled else { return [] }
        if let failure = environment.mqttProbe(config) {
            return [DoctorCheck("mqtt", .problem, failure, action: "check mqtt.url, mqtt.username, mqtt.password_file and mqtt.ca_file; then: memberdesk mqtt test")]
        }
        return [DoctorCheck("mqtt", .ok, "the broker \(config.mqtt.url) accepts this desk")]
    }

    func backups(_ config: DeskConfig) -> DoctorCheck {
        let folder = BackupFolder(config: config, paths: environment.paths)
        let all = folder.backups()
        let enable = "memberdesk backup now; daily: sudo systemctl enable --now memberdesk-backup.timer"
        guard let newest = all.last else {
            return DoctorCheck("backups", .warning, "no backup in \(folder.path) yet", action: enable)
        }
        let age = environment.now.timeIntervalSince(newest.date)
        let text = "newest \(newest.path), \(Self.age(age)) old (\(all.count) kept)"
        if age > 2 * 86400 { return DoctorCheck("backups", .warning, text, action: enable) }
        return DoctorCheck("backups", .ok, text)
    }

    static func age(_ seconds: TimeInterval) -> String {
        let s = max(0, seconds)
        if s < 120 { return "\(Int(s)) s" }
        if s < 7200 { return "\(Int(s / 60)) min" }
        if s < 2 * 86400 { return "\(Int(s / 3600)) h" }
        return "\(Int(s / 86400)) days"
    }
}
