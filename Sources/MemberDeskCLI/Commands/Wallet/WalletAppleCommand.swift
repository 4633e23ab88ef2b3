import ArgumentParser
import Foundation
import MemberKit
import WalletPasses

struct WalletAppleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple",
        abstract: "Write a member's Apple Wallet pass (.pkpass), or every live member's.",
        discussion: """
            Default file: <wallet.out_folder>/<memberId>.pkpass. A suspended or deleted member's pass \
            is voided. Every file is written whole or not at all.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("A member id or pass.", valueName: "member")) var member: String?
    @Flag(help: "Every live member, into a folder.") var all = false
    @Option(help: ArgumentHelp("The .pkpass file (with --all: the folder).", valueName: "path")) var out: String?

    func validate() throws {
        if all, member != nil { throw ValidationError("give MEMBER or --all, not both") }
        if !all, member == nil { throw ValidationError("give MEMBER or --all") }
        if out?.isEmpty == true { throw ValidationError("--out needs a path") }
    }

    func run() throws {
        // Writable: each pass issued mints its own credential.
        let context = try DeskContext.open(global)
        let wallet = context.wallet
        // The set-up is checked whole (files, key, certificate dates) before any member is read.
        let issuer = try wallet.appleIssuer()
        if all {
            try writeAll(wallet, issuer, folder: out ?? wallet.look.outFolder, members: try context.database.memberCount())
        } else {
            let target = try wallet.member(member ?? "", issuing: .apple)
            if let out { try ReportCommand.checkWritable(out) }
            let path = try out ?? wallet.defaultPath(for: target)
            try wallet.writeApplePass(target, with: issuer, to: path)
            print("Wrote \(path)\(target.state == .inactive ? " (voided: the member is suspended or deleted)" : "")")
        }
    }

    private func writeAll(_ wallet: MemberWallet, _ issuer: ApplePassIssuer, folder: String, members: Int) throws {
        try MemberWallet.makeFolder(folder)
        let progress = ProgressBar(label: "Passes")
        var written = 0, refused = 0
        try wallet.forEachLiveMember { record in
            let target = try wallet.walletMember(record, issuing: .apple)
            let path = URL(fileURLWithPath: folder).appendingPathComponent(ApplePassIssuer.fileName(for: target)).path
            do {
                try wallet.writeApplePass(target, with: issuer, to: path, durable: false)
                written += 1
            } catch let error as WalletError where error.kind == .member {
                // One member's pass (a pass id too long for NFC) does not stop the others'.
                progress.finish()
                CommandLineFailure.printError(error.description)
                refused += 1
            }
            progress.update(done: written + refused, total: members)
        }
        try MemberWallet.syncFolder(folder)
        progress.finish()
        print("Wrote \(CountText.of(written, "pass", plural: "passes")) to \(folder)")
        if refused > 0 {
            CommandLineFailure.printError("\(CountText.of(refused, "member")) without a pass (see above)")
            throw ExitCode(1)
        }
    }
}
