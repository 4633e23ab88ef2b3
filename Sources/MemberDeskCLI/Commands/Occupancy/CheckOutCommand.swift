import ArgumentParser
import Foundation
import MemberKit

struct CheckOutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkout",
        abstract: "Check a member out (a staff exit, its guests with it), or everyone with --all.",
        discussion: """
            Exits 0 for checked out; 3 for not inside, no guests inside or an unknown pass (nothing changes). \
            --guests N: only N of the member's guests leave, the member stays. \
            --all checks everyone inside out; without a terminal to ask, it needs --yes.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "A card UID, a pass id, or a ClubKit pass payload.") var pass: String?
    @Flag(help: "Check everyone inside out.") var all = false
    @Flag(help: "With --all: do not ask.") var yes = false
    @Option(help: "Only this many of the member's guests leave; the member stays inside.") var guests: Int?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if all && pass != nil { throw ValidationError("give a pass or --all, not both") }
        if !all && pass == nil { throw ValidationError("give a pass to check out, or --all") }
        if yes && !all { throw ValidationError("--yes goes with --all") }
        if all && guests != nil { throw ValidationError("--guests goes with a member's pass, not --all") }
    }

    func run() throws {
        let context = try DeskContext.open(global)
        if all { return try checkOutAll(context) }
        let report = try context.queueingMQTT { try context.club.checkOut(passId: pass ?? "", source: .manual, by: context.actor, guests: guests) }
        if json {
            JSONOutput.print(JSONOutput.checkIn(report, plans: context.club.settings.plans))
        } else {
            print(report.message)
        }
        guard report.outcome.isAccepted else { throw ExitCode(3) }
    }

    private func checkOutAll(_ context: DeskContext) throws {
        let inside = try context.club.insideCount()
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw DeskError.conflict("nobody checked out: no terminal to ask, run with --yes to check out all \(inside)")
            }
            print("Check out all \(inside) inside? [y/N] ", terminator: "")
            fflush(nil)
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                print("nobody checked out (not confirmed)")
                return
            }
        }
        let closed = try context.queueingMQTT { try context.club.checkOutAll(by: context.actor) }
        if json {
            JSONOutput.print(["checkedOut": .int(closed), "inside": .int(try context.club.insideCount())])
        } else {
            print(closed == 1 ? "1 member checked out" : "\(closed) members checked out")
        }
    }
}
