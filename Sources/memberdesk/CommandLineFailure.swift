import ArgumentParser
import Foundation
import MemberKit

/// Turns any error into one line on stderr and an exit status.
enum CommandLineFailure {
    static func report(_ error: Error) -> Int32 {
        if let exit = error as? ExitCode { return exit.rawValue }
        if let desk = error as? DeskError {
            printError(desk.description)
            return 1
        }
        let code = MemberDesk.exitCode(for: error)
        if code == .success {
            // --help and --version are not failures.
            print(MemberDesk.fullMessage(for: error))
            return 0
        }
        let message = MemberDesk.message(for: error)
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("Usage:") && !$0.hasPrefix("See '") }
            .joined(separator: "; ")
        printError(message.isEmpty ? "\(error)" : message + " (see 'memberdesk --help')")
        return code.rawValue
    }

    static func printError(_ message: String) {
        let line = message.replacingOccurrences(of: "\n", with: " ")
        FileHandle.standardError.write(Data("memberdesk: \(line)\n".utf8))
    }
}

extension MemberDesk {
    /// Parses the arguments and runs the command; the exit status. Async commands get their
    /// async `run()`: called on the existential from top-level code, the synchronous
    /// requirement was chosen, which prints help.
    static func runParsed() async -> Int32 {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await runAsync(&asyncCommand)
            } else {
                try command.run()
            }
            return 0
        } catch {
            return CommandLineFailure.report(error)
        }
    }

    private static func runAsync<Command: AsyncParsableCommand>(_ command: inout Command) async throws {
        try await command.run()
    }
}
