import ArgumentParser
import DeskLanguage
import DeskUI
import Foundation
import MemberKit

struct CheckInCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkin",
        abstract: tr("Check a pass in by hand, through the same rules as a tap."),
        discussion: tr("Exits 0 for checked in, duplicate, enrolled or checked out (an exit tap); 3 for refused, unknown or not inside.")
    )

    /// How a pack is sold at the shell, after "Pack used up — sell a new pack".
    static let sellPack = "members edit --add-visits"

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp(tr("A card UID, a pass id, or a ClubKit pass payload."))) var pass: String
    @Option(help: ArgumentHelp(tr("Guests who come in with the member: they count inside and use the plan's guest allowance."))) var guests = 0
    @Flag(help: ArgumentHelp(tr("Print JSON."))) var json = false

    func validate() throws {
        try MemberInput.validatePass(pass)
    }

    func run() throws {
        let context = try DeskContext.open(global)
        let report = try context.queueingMQTT { try context.club.checkIn(passId: pass, source: .manual, by: context.actor, guests: guests) }
        let outcome = report.outcome
        if json {
            JSONOutput.print(JSONOutput.checkIn(report, plans: context.club.settings.plans))
        } else if case .unknownPass(let id) = outcome {
            print(tr("Unknown card %@ (%@)", id, Self.hint(for: id, near: report.nearPassHolders, context)))
        } else {
            // In the desk's language, as the banner words it (--json stays English).
            let parts = ShownOutcome.parts(report, sellPack: Self.sellPack)
            print(PlainText.shown(parts.before + parts.name + parts.after))
            if let alert = report.outcome.member?.alert { print(tr("Alert: %@", PlainText.shown(alert))) }
            if let notice = ShownDoorNotice.line(for: report, settings: context.club.settings.plans) { print(notice) }
            for warning in report.warnings { print(tr(warning)) }
        }
        if !outcome.isAccepted { throw ExitCode(3) }
    }

    /// What to do with a pass no member holds: give it to the member who holds a near match (a
    /// spreadsheet's `12` for `0012`) rather than add a second member for them; else add it.
    static func hint(for pass: String, near: [MemberRecord], _ context: DeskContext) -> String {
        if !near.isEmpty {
            let who = near.map { tr("%@ holds %@", $0.displayName, $0.passId) }.joined(separator: "; ")
            return tr("%@: if this is their card, give it to them with: %@", who, "memberdesk members edit \(near[0].memberId) --pass \(pass)")
        }
        return context.config.enrolment == .deny ? tr("enrolment is off") : tr("add it with: %@", "memberdesk members add --pass \(pass)")
    }
}
