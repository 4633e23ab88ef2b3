import ArgumentParser
import Foundation
import MemberKit
import WalletPasses

struct WalletGoogleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "google",
        abstract: "Print a member's \"Add to Google Wallet\" link, or write every live member's to a CSV file.",
        discussion: """
            The link is https://pay.google.com/gp/v/save/<JWT>, signed here with the service account's key \
            (no network). The CSV (member id, name, e-mail, link) is for a mail merge; it says how many \
            members have no e-mail address (an empty email cell).
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("A member id or pass.", valueName: "member")) var member: String?
    @Flag(help: "Every live member (with --csv).") var all = false
    @Option(help: ArgumentHelp("With --all: the CSV file to write (replaced whole, or not at all).", valueName: "file")) var csv: String?
    @Flag(help: "Print one JSON object: memberId, name, email, link.") var json = false

    func validate() throws {
        if all, member != nil { throw ValidationError("give MEMBER or --all, not both") }
        if !all, member == nil { throw ValidationError("give MEMBER or --all --csv FILE") }
        if all, csv?.isEmpty ?? true { throw ValidationError("--all needs --csv FILE") }
        if !all, csv != nil { throw ValidationError("--csv goes with --all") }
        if all, json { throw ValidationError("--json prints one member's link; --all writes --csv") }
    }

    func run() throws {
        // Writable: each link issued mints its pass's own credential.
        let context = try DeskContext.open(global)
        let wallet = context.wallet
        let issuer = try wallet.googleIssuer()
        let now = context.club.clock.now()
        if let csv, all {
            try ReportCommand.checkWritable(csv)
            var count = 0, withoutEmail = 0
            let progress = ProgressBar(label: "Links")
            let total = try context.database.memberCount()
            try AtomicFileWriter.write(path: csv) { sink in
                try sink(Array(WalletLinkCSV.header.utf8))
                try wallet.forEachLiveMember { record in
                    let target = try wallet.walletMember(record, issuing: .google)
                    try sink(Array(WalletLinkCSV.row(target, link: try issuer.saveLink(for: target, at: now)).utf8))
                    count += 1
                    if (target.email ?? "").isEmpty { withoutEmail += 1 }
                    progress.update(done: count, total: total)
                }
            }
            progress.finish()
            // A mail merge reaches nobody without an address: say how many rows have an empty email.
            let unreachable = withoutEmail == 0 ? "" : " (\(CountText.of(withoutEmail, "member")) with no e-mail address: their email cell is empty)"
            print("Wrote \(CountText.of(count, "link")) to \(csv)\(unreachable)")
            return
        }
        let target = try wallet.member(member ?? "", issuing: .google)
        let link = try issuer.saveLink(for: target, at: now)
        if json {
            JSONOutput.print(["memberId": .string(target.memberId), "name": .string(target.name),
                              "email": target.email.map(JSONValue.string) ?? .null, "link": .string(link)])
        } else {
            print(link)
        }
    }
}
