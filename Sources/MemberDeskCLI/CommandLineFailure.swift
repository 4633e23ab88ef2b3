import ArgumentParser
import Foundation
import MemberKit
import PassWebService
import WalletPasses

/// Turns any error into one line on stderr and an exit status.
enum CommandLineFailure {
    static func report(_ error: Error) -> Int32 {
        if let exit = error as? ExitCode { return exit.rawValue }
        // Errors a person can act on are already one line naming the file, field or member.
        if error is DeskError || error is ExchangeError || error is SyncError || error is SyncthingError || error is WalletError
            || error is PassWebServiceError {
            printError("\(error)")
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
        let line = PlainText.shown(message.replacingOccurrences(of: "\n", with: " "))
        writeError("memberdesk: \(line)\n")
    }
}
