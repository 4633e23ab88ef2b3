import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL

/// Runs the responder on Hummingbird until SIGTERM or SIGINT (its service group's graceful
/// shutdown), over TLS when the settings have it. `listening` is told the bound address once
/// the socket listens (port 0: the one the system gave).
public enum PassWebServer {
    public static func run(_ responder: PassWebResponder, settings: PassWebSettings, log: Logger,
                           listening: @escaping @Sendable (_ address: String, _ port: Int) -> Void) async throws {
        // An idle connection is closed after 30 s and headers are capped at 16 KB: a slow or
        // bloated client holds nothing for long.
        let http1 = HTTPServerBuilder.http1(configuration: HTTP1Channel.Configuration(
            idleTimeout: .seconds(30),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 16 * 1024, maxHeaderListSize: 16 * 1024, maxHeaderFieldCount: 100)))
        let server: HTTPServerBuilder = try settings.tls.map { try .tls(http1, tlsConfiguration: $0) } ?? http1
        let app = Application(
            responder: responder, server: server,
            configuration: ApplicationConfiguration(address: .hostname(settings.address, port: settings.port), serverName: nil,
                                                    availableConnectionsDelegate: MaximumAvailableConnections(256)),
            onServerRunning: { channel in
                let bound = channel.localAddress
                listening(bound?.ipAddress ?? settings.address, bound?.port ?? settings.port)
            },
            logger: log)
        do {
            try await app.runService()
        } catch {
            throw PassWebServiceError("cannot serve on \(settings.address):\(settings.port): \(error)")
        }
    }
}
