import Foundation
import Logging
import MemberDeskCLI
import MemberDeskTestSupport

/// Runs `memberdesk` commands in this process on a scratch database and config, capturing
/// standard output and standard error, as swift-argument-parser's `AssertExecuteCommand` does.
struct InProcessDesk {
    struct Result: Equatable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var description: String { "exit \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
    }

    let home: TemporaryDirectory
    var databasePath: String { home.path + "/members.sqlite" }
    var configPath: String { home.path + "/config.toml" }

    /// The bus logger writes through swift-log; in tests its lines would only clutter stdout.
    private static let quietLogs: Void = LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }

    init(config: String = "") throws {
        Self.quietLogs
        home = try TemporaryDirectory()
        // Always written: a config named by `--config` must exist.
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// The command with `--db` and `--config` (the scratch home's, unless `config` names another).
    /// `answers`: the lines typed at a terminal when the command asks (nil: no terminal).
    @discardableResult
    func run(_ arguments: [String], config: String? = nil, answers: [String]? = nil) async -> Result {
        let output = CommandOutput.capturing(answers: answers)
        let status = await CommandOutput.$current.withValue(output) {
            await MemberDesk.runParsed(arguments + ["--db", databasePath, "--config", config ?? configPath])
        }
        return Result(status: status, stdout: output.standardOutput, stderr: output.standardError)
    }

    /// The same, with `lines` as what the command reads (a PIN with --pin-stdin).
    @discardableResult
    func run(_ arguments: [String], input lines: [String]) async -> Result {
        await CommandInput.$current.withValue(.lines(lines)) { await run(arguments) }
    }

    /// The member id a `members add` or `checkin --json` printed.
    static func memberId(in text: String) -> String? {
        let pattern = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/
        return text.firstMatch(of: pattern).map { String($0.output) }
    }
}
