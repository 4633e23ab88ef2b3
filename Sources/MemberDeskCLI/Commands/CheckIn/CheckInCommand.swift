import ArgumentParser
import Foundation
import MemberKit

struct CheckInCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkin",
        abstract: "Check a pass in by hand, through the same rules as a tap.",
        discussion: "Exits 0 for checked in, duplicate or enrolled; 3 for refused or unknown."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "A card UID, a pass id, or a ClubKit pass payload.") var pass: String
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        try MemberInput.validatePass(pass)
    }

    func run() throws {
        let context = try DeskContext.open(global)
        let outcome = try context.club.checkIn(passId: pass, source: .manual)
        let passId = (try? PassIdNormalizer.normalize(pass).passId) ?? pass
        let report = CheckInReport(time: context.club.clock.now(), source: .manual, passId: passId,
                                   outcome: outcome, terminalId: context.terminal.id)
        if json {
            JSONOutput.print(JSONOutput.checkIn(report))
        } else if case .unknownPass(let id) = outcome {
            let hint = context.config.enrolment == .deny ? "enrolment is off" : "add it with: memberdesk members add --pass \(id)"
            print("Unknown card \(id) (\(hint))")
        } else {
            print(outcome.message)
        }
        if !outcome.isAdmitted { throw ExitCode(3) }
    }
}
