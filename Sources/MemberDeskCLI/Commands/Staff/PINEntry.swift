import Foundation
import MemberKit

/// How `staff add` and `staff pin` get a PIN: typed twice without echo on a terminal, or one line
/// of standard input with --pin-stdin. Never an argument: a command line shows in `ps` and shell history.
enum PINEntry {
    static func read(fromStandardInput: Bool) throws -> PIN {
        let input = CommandInput.current
        if fromStandardInput {
            guard let line = input.readLine() else { throw DeskError.invalidInput("no PIN on standard input") }
            return try PIN(line.trimmingCharacters(in: .whitespaces))
        }
        guard input.isTerminal else {
            throw DeskError.invalidInput("standard input is not a terminal: give the PIN on standard input with --pin-stdin")
        }
        writeError("PIN (4 to 12 digits): ")
        let first = try PIN(input.readLine(echo: false) ?? "")
        writeError("PIN again: ")
        guard try PIN(input.readLine(echo: false) ?? "") == first else {
            throw DeskError.invalidInput("the two PINs differ; nothing changed")
        }
        return first
    }
}
