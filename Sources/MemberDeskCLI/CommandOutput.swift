import Foundation
import MemberKit
import Synchronization

/// Where a command's output goes: the process's standard streams, or a test's buffers.
/// Commands print through this module's `print`/`printError`, so tests can run a command
/// in-process (`CommandOutput.$current.withValue`) and compare the whole output.
public final class CommandOutput: Sendable {
    @TaskLocal public static var current = CommandOutput()

    private let captures: Bool
    private let buffers = Mutex((out: "", err: ""))
    /// A test's typed answers to questions; nil when it has no terminal to ask on.
    private let answers: Mutex<[String]?>

    /// The process's stdout and stderr.
    public init() {
        captures = false
        answers = Mutex(nil)
    }

    private init(answers: [String]?) {
        captures = true
        self.answers = Mutex(answers)
    }

    /// Collects the output in memory instead; `answers` are the lines a person types at a
    /// terminal when asked (nil: there is no terminal, as in a script).
    public static func capturing(answers: [String]? = nil) -> CommandOutput { CommandOutput(answers: answers) }

    /// What was written to standard output (captured outputs only).
    public var standardOutput: String { buffers.withLock { $0.out } }
    /// What was written to standard error (captured outputs only).
    public var standardError: String { buffers.withLock { $0.err } }

    func write(_ text: String) {
        guard captures else {
            Swift.print(text, terminator: "")
            return
        }
        buffers.withLock { $0.out += text }
    }

    func writeError(_ text: String) {
        guard captures else {
            FileHandle.standardError.write(Data(text.utf8))
            return
        }
        buffers.withLock { $0.err += text }
    }
}

extension CommandOutput {
    /// Asks a yes/no question, as `import` and `restore` do: true for "y" or "yes", false for
    /// anything else; nil when stdin is not a terminal (nobody to ask).
    func confirm(_ question: String) -> Bool? {
        let answer: String?
        if captures {
            guard answers.withLock({ $0 != nil }) else { return nil }
            write(question + " [y/N] ")
            answer = answers.withLock { list in list?.isEmpty == false ? list?.removeFirst() : "" }
        } else {
            guard isatty(STDIN_FILENO) == 1 else { return nil }
            write(question + " [y/N] ")
            fflush(nil)
            answer = readLine()
        }
        let word = (answer ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        return word == "y" || word == "yes"
    }
}

/// Standard output for every command of this module (shadows `Swift.print`). No control
/// character from data reaches the terminal (`PlainText`): a name holding "\u{1B}[2J" prints
/// as "�[2J" whatever database or file it came from.
func print(_ text: String, terminator: String = "\n") {
    CommandOutput.current.write(PlainText.shownLines(text) + terminator)
}

/// Writes text (no newline added) to standard error, made safe as `print`'s.
func writeError(_ text: String) {
    CommandOutput.current.writeError(PlainText.shownLines(text))
}

/// Writes our own terminal controls (a progress bar's "\r" redraw) to standard error as they are.
func writeErrorControls(_ text: String) {
    CommandOutput.current.writeError(text)
}
