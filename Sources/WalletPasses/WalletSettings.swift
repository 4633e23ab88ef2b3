import DeskSettings
import Foundation
import MemberKit

/// `[wallet]` with its defaults applied: what both wallets' passes share.
public struct WalletLook: Sendable, Equatable {
    public var organization: String
    public var description: String
    public var foreground: WalletColour
    public var background: WalletColour
    public var label: WalletColour
    /// Where passes go without --out.
    public var outFolder: String

    /// `terminalName`: the default organisation; `databasePath`: the default out folder's parent.
    public init(_ wallet: DeskConfig.Wallet, terminalName: String, databasePath: String) {
        organization = wallet.organization.isEmpty ? terminalName : wallet.organization
        description = wallet.description.isEmpty ? "\(organization) membership" : wallet.description
        // The config's reader checked the colours; a default applies only to a value set in code.
        foreground = WalletColour(wallet.foreground) ?? WalletColour("rgb(255,255,255)")!
        background = WalletColour(wallet.background) ?? WalletColour("rgb(38,70,83)")!
        label = WalletColour(wallet.label) ?? WalletColour("rgb(233,196,106)")!
        outFolder = wallet.outFolder.isEmpty
            ? URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("wallet").path
            : wallet.outFolder
    }
}

extension DeskConfig.Wallet {
    /// The `[wallet.apple]` keys a pass needs that are not set, by name (the desk and the CLI say them).
    public var missingApple: [String] {
        [("wallet.apple.pass_type_id", apple.passTypeId), ("wallet.apple.team_id", apple.teamId),
         ("wallet.apple.certificate", apple.certificate), ("wallet.apple.key_file", apple.keyFile),
         ("wallet.apple.wwdr_certificate", apple.wwdrCertificate)].filter { $0.1.isEmpty }.map(\.0)
    }

    /// The `[wallet.google]` keys a save link needs that are not set.
    public var missingGoogle: [String] {
        [("wallet.google.issuer_id", google.issuerId), ("wallet.google.service_account_file", google.serviceAccountFile)]
            .filter { $0.1.isEmpty }.map(\.0)
    }

    /// Google's class id: `class_id`, else `<issuer_id>.memberdesk`.
    public var googleClassId: String { google.classId.isEmpty ? "\(google.issuerId).memberdesk" : google.classId }
}
