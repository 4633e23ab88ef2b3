import Foundation

/// Runs the built `memberdesk` binary, for end-to-end tests.
public struct DeskBinary: Sendable {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The binary next to the running test bundle (both live in .build/<triple>/debug).
    public static var path: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("memberdesk").path
    }

    /// A scratch home: its own XDG folders, so a test never touches the user's files.
    public let home: TemporaryDirectory
    public var extraEnvironment: [String: String] = [:]

    public init() throws {
        home = try TemporaryDirectory()
    }

    public var databasePath: String { home.path + "/data/memberdesk/members.sqlite" }

    /// The config file every run of this binary reads by default.
    public var configPath: String { home.path + "/config/memberdesk/config.toml" }

    /// Writes the config file (making its folder).
    public func writeConfig(_ toml: String) throws {
        try FileManager.default.createDirectory(atPath: home.path + "/config/memberdesk", withIntermediateDirectories: true)
        try toml.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// What a terminal session of the binary (tmux) is given: this home's folders, the zone,
    /// UTF-8 and tmux's TERM, and nothing else of the test runner's environment.
    public var terminalEnvironment: [String: String] {
        var env = ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "TZ"]
            .reduce(into: [String: String]()) { $0[$1] = environment[$1] }
        env["LANG"] = "C.UTF-8"
        env["TERM"] = "tmux-256color"
        return env
    }

    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        // English unless a test asks for a language: the runner's own LANGUAGE or LC_ALL would translate the output.
        for key in ["MEMBERDESK_DB", "MEMBERDESK_CONFIG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"] { env[key] = nil }
        env["HOME"] = home.path
        env["XDG_DATA_HOME"] = home.path + "/data"
        env["XDG_CONFIG_HOME"] = home.path + "/config"
        env["XDG_STATE_HOME"] = home.path + "/state"
        env["XDG_CACHE_HOME"] = home.path + "/cache"
        env["LANG"] = "C.UTF-8"
        env["TZ"] = env["TZ"] ?? "UTC"
        for (key, value) in extraEnvironment { env[key] = value }
        return env
    }

    /// Runs to completion (with a generous deadline, so a hang fails instead of blocking CI).
    @discardableResult
    public func run(_ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 60,
                    viaExecutable executable: String? = nil) throws -> Result {
        // `viaExecutable` runs a wrapper (setpriv, timeout ...) whose arguments name the binary.
        let child = try ChildProcess(executable ?? Self.path, executable == nil ? arguments : Array(arguments.dropFirst()),
                                     environment: environment, stdin: stdin == nil ? .null : .pipe,
                                     stdout: .pipe, stderr: .pipe)
        let outData = AsyncData(child.output!), errData = AsyncData(child.errorOutput!)
        if let stdin {
            child.write(stdin)
            child.closeInput()
        }
        guard let ended = child.wait(timeout: timeout) else {
            child.killAndWait()
            throw DeskBinaryError.timedOut(arguments)
        }
        return Result(status: ended.status, stdout: outData.text(), stderr: errData.text())
    }
}

public enum DeskBinaryError: Error, CustomStringConvertible {
    case timedOut([String])
    public var description: String {
        switch self { case .timedOut(let args): return "memberdesk \(args.joined(separator: " ")) timed out" }
    }
}

/// Reads a pipe to its end on a background thread, so a chatty child never blocks on a full pipe.
public final class AsyncData: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything read, once the pipe ends. A pipe some other process still holds open gives up
    /// after 60 s with a text that says so, so a test fails rather than hangs.
    public func text() -> String {
        guard done.wait(timeout: .now() + 60) == .success else { return "(the pipe never closed)" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A temporary folder removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    public func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Polls a condition until it holds or the deadline passes: tests wait on conditions, never bare sleeps.
public func waitUntil(timeout: TimeInterval = 10, poll: TimeInterval = 0.01, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: poll)
    }
    return try condition()
}
