import ArgumentParser
import Foundation
import WalletPasses

struct WalletGoogleClassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "google-class",
        abstract: "Print the generic pass class to create once in Google's console or API (Smart Tap on)."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try DeskContext.open(global, readOnly: true)
        print(try GoogleWalletIssuer.classJSON(context.config.wallet))
    }
}
