import Foundation
import MemberDeskTestSupport
import TerminalColumns
import Testing

/// The built binary in tmux with three members (one suspended), in the environment's language.
struct LanguageDesk {
    let binary: DeskBinary
    let tmux: TmuxSession

    static let ana = "04A1B2C3", yamada = "04A1B2C4", suspended = "04A1B2C5"

    init(environment: [String: String], width: Int, height: Int) throws {
        binary = try DeskBinary()
        try binary.writeConfig("[reader]\nname = \"no reader for the front-desk tests\"\n")
        for (name, pass) in [("Ana López", Self.ana), ("山田太郎", Self.yamada), ("Olga Stopped", Self.suspended)] {
            try #require(binary.run(["members", "add", "--pass", pass, "--name", name]).status == 0)
        }
        try #require(binary.run(["members", "edit", Self.suspended, "--status", "suspended"]).status == 0)
        var env = binary.terminalEnvironment
        env["LANG"] = nil
        for (key, value) in environment { env[key] = value }
        tmux = try TmuxSession(command: [DeskBinary.path], environment: env, directory: binary.home.path, width: width, height: height)
    }

    /// The screen row by row (no joined lines), for the width check.
    func rows() throws -> [String] {
        try tmux.tmux(["capture-pane", "-p"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// No row wider than the terminal: a wide (CJK) character counted as one would push the row past it.
    func expectEveryRowFits(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for row in try rows() {
            #expect(TextWidth.of(row) <= tmux.width, "\(step): \(row)", sourceLocation: sourceLocation)
        }
    }
}
