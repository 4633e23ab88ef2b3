import Foundation
import MemberDeskTestSupport
import Testing

/// What only the real process shows: its files on a scratch XDG home, and the words on a terminal.
@Suite struct StartupFootprintTests {
    /// Foundation's shared cookie store and URL cache made empty folders ($XDG_DATA_HOME/<binary's
    /// folder>: "debug", "release", "bin"; $XDG_CACHE_HOME/org.swift.foundation.URLCache) as soon as
    /// an HTTP client was set up.
    @Test func noStrayFolderBesideTheDatabase() throws {
        let desk = try DeskBinary()
        try desk.run(["members", "add", "--pass", "P1", "--name", "Ann"])
        let refused = try desk.run(["regions", "load", "http://127.0.0.1:9/regions.json"])
        #expect(refused.status == 1)
        try desk.run(["regions", "list"])
        for folder in ["data", "cache"] {
            let made = try FileManager.default.contentsOfDirectory(atPath: desk.home.path + "/" + folder)
            #expect(made == ["memberdesk"], "\(folder)")
        }
    }

    /// docs/commands.md ("The front desk") promises one line for an unknown TERM; ncurses must not add its own.
    @Test func anUnknownTermIsOneLine() throws {
        var desk = try DeskBinary()
        desk.extraEnvironment["TERM"] = "no-such-terminal"
        let process = try ChildProcess("/usr/bin/script", ["-qec", "'\(DeskBinary.path)'", "/dev/null"],
                                       environment: desk.environment, stdin: .pipe, stdout: .pipe, stderr: .stdout)
        let text = AsyncData(process.output!)
        let ended = process.wait(timeout: 60)
        process.closeInput()
        if ended == nil { process.killAndWait() }
        let lines = text.text().split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        #expect(ended?.status == 1)
        #expect(lines == ["memberdesk: unknown terminal type 'no-such-terminal' (TERM): no terminfo entry; try TERM=xterm-256color"])
    }
}
