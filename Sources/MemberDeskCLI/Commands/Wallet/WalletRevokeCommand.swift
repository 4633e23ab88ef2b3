import ArgumentParser
import Foundation
import MemberKit

struct WalletRevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke a member's Wallet pass (a lost phone): refused at every reader, the member's card untouched.",
        discussion: """
            Revokes the member's current Apple and Google passes (--wallet: one of them). The reader then \
            refuses the pass ("This pass was revoked"); the other desks do once the sync folder carries it. \
            Issue a new pass with wallet apple / wallet google. Exits 3 when the member has no pass to revoke.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("A member id or pass.", valueName: "member")) var member: String
    @Option(help: "Only this wallet's pass: apple or google.") var wallet: WalletKind?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let context = try DeskContext.open(global)
        guard let record = try context.club.member(id: member) ?? context.club.member(idOrPass: member) else {
            throw DeskError.notFound("no member with id or pass '\(member)'")
        }
        let revoked = try context.club.revokePasses(memberId: record.memberId, wallet: wallet, by: context.actor)
        if json {
            JSONOutput.print(["memberId": .string(record.memberId),
                              "revoked": .array(revoked.map { .object(["wallet": .string($0.wallet.rawValue),
                                                                       "issued": JSONOutput.time($0.issuedAt)]) })])
        } else if revoked.isEmpty {
            print("\(record.displayName) has no \(wallet.map { $0.rawValue.capitalized + " " } ?? "")pass to revoke")
        } else {
            for credential in revoked {
                print("Revoked \(record.displayName)'s \(credential.wallet.rawValue.capitalized) pass (issued \(LocalClock.text(credential.issuedAt))); the card still works")
            }
        }
        if revoked.isEmpty { throw ExitCode(3) }
    }
}

extension WalletKind: ExpressibleByArgument {}
