import ArgumentParser
import Foundation
import Logging
import MemberKit
import PassWebService
import WalletPasses

struct WalletServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Answer Apple's pass web service: device registrations, updated serials, the latest pass, logs.",
        discussion: """
            Set-up is [wallet.service] (memberdesk config show); passes name it once wallet.service.url is set. \
            Prints "Serving http(s)://ADDRESS:PORT" once it listens; stops on SIGTERM or SIGINT (docs/wallet.md).
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Listen on this address (default: wallet.service.address).", valueName: "address")) var address: String?
    @Option(help: ArgumentHelp("Listen on this port, 0 for any free one (default: wallet.service.port).", valueName: "port")) var port: Int?

    func run() async throws {
        // Writable: registrations and passes' tags are written; members are only read.
        let context = try DeskContext.open(global)
        let settings = try PassWebSettings(context.config.wallet.service, address: address, port: port)
        let wallet = context.wallet
        // The set-up is checked whole (certificate, keys, ids) before the socket opens.
        let issuer = try wallet.appleIssuer()
        guard issuer.hasWebService else { throw PassWebServiceError.noServiceURL }
        let log = Logger(label: "memberdesk.wallet-serve")
        let backend = ClubPassWebBackend(wallet: wallet, issuer: issuer, limits: settings.limits)
        let responder = PassWebResponder(backend: backend, limits: settings.limits, prefix: settings.url.pathPrefix, log: log)
        let scheme = settings.tls == nil ? "http" : "https"
        try await PassWebServer.run(responder, settings: settings, log: log) { address, port in
            let host = address.contains(":") ? "[\(address)]" : address
            print("Serving \(scheme)://\(host):\(port)\(settings.url.pathPrefix) for \(settings.url.text)")
            // A pipe's stdout is block-buffered: the line is what a supervisor or a test waits for.
            fflush(nil)
        }
    }
}
