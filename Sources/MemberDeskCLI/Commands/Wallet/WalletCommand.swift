import ArgumentParser

struct WalletCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet",
        abstract: "Issue members' Apple Wallet passes and Google Wallet save links, and serve Apple's pass updates (docs/wallet.md).",
        discussion: """
            Set-up is [wallet], [wallet.apple], [wallet.google] and [wallet.service] in the config (memberdesk config show). \
            MEMBER is a member id or a live member's pass.
            """,
        subcommands: [WalletKeysCommand.self, WalletGoogleClassCommand.self, WalletAppleCommand.self, WalletGoogleCommand.self,
                      WalletRevokeCommand.self, WalletServeCommand.self]
    )
}
