import DeskHTTP
import DeskSettings
import Foundation
import MemberKit

/// What region scripts may reach, each part injected so tests can control it.
public struct ScriptEnvironment: Sendable {
    public var database: AppDatabase
    /// For desk.checkIn; nil makes it throw a JS exception.
    public var club: Club?
    public var bus: EventBus
    public var sandbox: ScriptSandbox
    public var http: any HTTPClient
    /// wk_http_* may reach only these hosts; empty allows any.
    public var httpAllowlist: [String]
    public var httpTimeout: TimeInterval
    /// Each run is stopped after this many seconds.
    public var timeLimit: TimeInterval
    public var notifySend: Bool
    /// The program notifications are passed to when `notifySend` is on; the alert is appended.
    public var notifyCommand: [String] = ["notify-send", "--app-name=memberdesk", "--"]
    public var clock: any DeskClock
    /// Where desk.mqtt.publish queues (the MQTT adapter's port); nil when MQTT is off.
    public var mqtt: (any ScriptMessagePort)?

    public init(database: AppDatabase, club: Club?, bus: EventBus, sandbox: ScriptSandbox,
                http: any HTTPClient = URLSessionHTTPClient(), httpAllowlist: [String] = [], httpTimeout: TimeInterval = 10,
                timeLimit: TimeInterval = 1, notifySend: Bool = false, clock: any DeskClock = SystemClock()) {
        self.database = database
        self.club = club
        self.bus = bus
        self.sandbox = sandbox
        self.http = http
        self.httpAllowlist = httpAllowlist
        self.httpTimeout = httpTimeout
        self.timeLimit = timeLimit
        self.notifySend = notifySend
        self.clock = clock
    }

    /// Wired from the config, the XDG paths, a club and the store the wiring opened (scripts' values).
    public init(config: DeskConfig, paths: DeskPaths, club: Club, database: AppDatabase, mqtt: (any ScriptMessagePort)? = nil) {
        self.init(database: database, club: club, bus: club.bus, sandbox: ScriptSandbox(root: paths.scriptData),
                  httpAllowlist: config.regions.httpAllowlist, httpTimeout: config.regions.httpTimeout,
                  timeLimit: config.regions.scriptTimeout, notifySend: config.regions.notifySend, clock: club.clock)
        self.mqtt = mqtt
    }
}

/// Why a script runs, and the details a script sees in `desk.event`.
public struct ScriptActivity: Sendable {
    public var identifier: String
    public var regionName: String
    public var kind: ScriptKind
    public var event: [String: JSONValue]

    public init(identifier: String, regionName: String, kind: ScriptKind, event: [String: JSONValue] = [:]) {
        self.identifier = identifier
        self.regionName = regionName
        self.kind = kind
        self.event = event
    }
}

public struct ScriptRunResult: Sendable {
    public var identifier: String
    public var kind: ScriptKind
    public var output: [String]
    /// The exception with its line, or the time-limit report; nil when the script finished.
    public var error: String?
    public var timedOut: Bool
    /// When evaluation began (DispatchTime uptime nanoseconds), for the dispatch bench.
    public var startedAt: UInt64 = 0
}
