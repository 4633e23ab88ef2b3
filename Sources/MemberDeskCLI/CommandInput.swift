import Foundation
import Synchronization

/// Where a command reads lines it asks for (a PIN): the process's standard input, or a test's
/// lines. Tests run commands in-process with `CommandInput.$current.withValue(.lines([...]))`.
public final class CommandInput: Sendable {
    @TaskLocal public static var current = CommandInput(lines: nil)

    private let given: [String]?
    private let next = Mutex(0)

    private init(lines: [String]?) { given = lines }

    /// Lines a test hands in, read in order; past the end reads nothing.
    public static func lines(_ lines: [String]) -> CommandInput { CommandInput(lines: lines) }

    /// Whether standard input is a terminal (a person types; echo can be turned off).
    var isTerminal: Bool { given == nil && isatty(STDIN_FILENO) == 1 }

    /// One line without its newline, nil at the end. With `echo` false on a terminal, typing is not shown.
    func readLine(echo: Bool = true) -> String? {
        if let given {
            return next.withLock { index in
                defer { index += 1 }
                return index < given.count ? given[index] : nil
            }
        }
        guard !echo, isTerminal else { return Swift.readLine() }
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            writeError("\n")
        }
        return Swift.readLine()
    }
}
