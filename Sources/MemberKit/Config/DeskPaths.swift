import Foundation

/// Where memberdesk keeps its files, by the XDG base-directory rules. The environment is
/// injected so tests control it.
public struct DeskPaths: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    private var home: String { environment["HOME"] ?? NSHomeDirectory() }

    private func base(_ variable: String, _ fallback: String) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return home + "/" + fallback
    }

    public var dataDirectory: String { base("XDG_DATA_HOME", ".local/share") + "/memberdesk" }
    public var configDirectory: String { base("XDG_CONFIG_HOME", ".config") + "/memberdesk" }
    public var stateDirectory: String { base("XDG_STATE_HOME", ".local/state") + "/memberdesk" }
    public var cacheDirectory: String { base("XDG_CACHE_HOME", ".cache") + "/memberdesk" }

    /// `--db` wins, then MEMBERDESK_DB, then the XDG data folder.
    public func database(override: String? = nil) -> String {
        if let override, !override.isEmpty { return override }
        if let value = environment["MEMBERDESK_DB"], !value.isEmpty { return value }
        return dataDirectory + "/members.sqlite"
    }

    /// `--config` wins, then MEMBERDESK_CONFIG, then the XDG config folder.
    public func config(override: String? = nil) -> String {
        if let override, !override.isEmpty { return override }
        if let value = environment["MEMBERDESK_CONFIG"], !value.isEmpty { return value }
        return configDirectory + "/config.toml"
    }

    public var logFile: String { stateDirectory + "/memberdesk.log" }
    public var regionCache: String { cacheDirectory + "/regions.json" }
    /// The folder region scripts' wk_file_* functions are confined to.
    public var scriptData: String { dataDirectory + "/scripts" }
}
