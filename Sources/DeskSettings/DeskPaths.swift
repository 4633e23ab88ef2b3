import Foundation

/// Where memberdesk keeps its files. A person's own memberdesk follows the XDG base-directory
/// rules; the installed desk's account (`memberdesk`, which the Debian package's services run
/// as, and which an administrator borrows with `sudo -u memberdesk memberdesk …`) uses the
/// system folders, so the services and the administrator share one database and one config.
/// The environment and the user name are injected so tests control them.
public struct DeskPaths: Sendable {
    var environment: [String: String]
    var userName: String

    /// The system account the Debian package creates for its services.
    static let serviceUser = "memberdesk"

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                userName: String = DeskPaths.currentUserName()) {
        self.environment = environment
        self.userName = userName
    }

    /// The name of the effective user, from the password database (not $USER, which sudo may keep).
    public static func currentUserName() -> String {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return "" }
        return String(cString: name)
    }

    /// Whether these are the installed desk's system paths.
    var isServiceAccount: Bool { userName == Self.serviceUser }

    private var home: String { environment["HOME"] ?? NSHomeDirectory() }

    private func base(_ variable: String, _ fallback: String) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return home + "/" + fallback
    }

    var dataDirectory: String {
        isServiceAccount ? "/var/lib/memberdesk" : base("XDG_DATA_HOME", ".local/share") + "/memberdesk"
    }
    var configDirectory: String {
        isServiceAccount ? "/etc/memberdesk" : base("XDG_CONFIG_HOME", ".config") + "/memberdesk"
    }
    var stateDirectory: String {
        isServiceAccount ? "/var/log/memberdesk" : base("XDG_STATE_HOME", ".local/state") + "/memberdesk"
    }
    package var cacheDirectory: String {
        isServiceAccount ? "/var/cache/memberdesk" : base("XDG_CACHE_HOME", ".cache") + "/memberdesk"
    }

    /// `--db` wins, then MEMBERDESK_DB, then the data folder.
    public func database(override: String? = nil) -> String {
        if let override, !override.isEmpty { return override }
        if let value = environment["MEMBERDESK_DB"], !value.isEmpty { return value }
        return dataDirectory + "/members.sqlite"
    }

    /// `--config` wins, then MEMBERDESK_CONFIG, then the config folder.
    package func config(override: String? = nil) -> String { configFile(override: override).path }

    /// The config path and who named it (see `ConfigFile`).
    public func configFile(override: String? = nil) -> ConfigFile {
        if let override, !override.isEmpty { return ConfigFile(path: override, namedBy: "--config") }
        if let value = environment["MEMBERDESK_CONFIG"], !value.isEmpty { return ConfigFile(path: value, namedBy: "MEMBERDESK_CONFIG") }
        return ConfigFile(path: configDirectory + "/config.toml")
    }

    public var logFile: String { stateDirectory + "/memberdesk.log" }
    public var regionCache: String { cacheDirectory + "/regions.json" }

    /// Beside a region-list cache: why its last refresh failed (absent after a good one), for the doctor.
    public static func refreshErrorFile(forCache cache: String) -> String { cache + ".error" }
    /// The folder region scripts' wk_file_* functions are confined to.
    public var scriptData: String { dataDirectory + "/scripts" }
    /// Where `memberdesk backup` writes when `backup.folder` is not set.
    package var defaultBackupFolder: String { dataDirectory + "/backups" }
}
