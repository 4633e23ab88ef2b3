import DeskSettings
import Foundation
import MemberKit
import NIOSSL

/// `[wallet.service]` checked for `wallet serve`: one line naming the key for what is wrong.
public struct PassWebSettings: Sendable {
    public var url: WalletServiceURL
    public var address: String
    public var port: Int
    public var limits: PassWebLimits
    /// Nil: plain HTTP.
    public var tls: TLSConfiguration?

    public init(_ service: DeskConfig.Wallet.Service, address: String? = nil, port: Int? = nil) throws {
        guard !service.url.isEmpty else {
            throw PassWebServiceError("wallet.service.url is not set: passes would not name the service (see docs/wallet.md)")
        }
        guard let url = WalletServiceURL(service.url) else { throw PassWebServiceError("wallet.service.url '\(service.url)' is not an http(s) URL ending in /") }
        self.url = url
        self.address = address ?? service.address
        self.port = port ?? Int(service.port)
        guard (0...65535).contains(self.port) else { throw PassWebServiceError("--port \(self.port) is not a TCP port (0-65535)") }
        limits = PassWebLimits(maxBodyBytes: Int(service.maxBodyBytes), maxRegistrationsPerDevice: Int(service.maxRegistrationsPerDevice),
                               maxLogLines: Int(service.maxLogLines))
        switch (service.tlsCertificate.isEmpty, service.tlsKey.isEmpty) {
        case (true, true):
            tls = nil
        case (false, true):
            throw PassWebServiceError("wallet.service.tls_certificate is set but wallet.service.tls_key is not: set both, or neither for plain HTTP")
        case (true, false):
            throw PassWebServiceError("wallet.service.tls_key is set but wallet.service.tls_certificate is not: set both, or neither for plain HTTP")
        case (false, false):
            tls = try Self.tls(certificate: service.tlsCertificate, key: service.tlsKey)
        }
    }

    static func tls(certificate: String, key: String) throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificate)
        } catch {
            throw PassWebServiceError("wallet.service.tls_certificate: cannot read '\(certificate)' as PEM certificates")
        }
        guard !chain.isEmpty else { throw PassWebServiceError("wallet.service.tls_certificate: '\(certificate)' holds no certificate") }
        let privateKey: NIOSSLPrivateKey
        do {
            privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
        } catch {
            throw PassWebServiceError("wallet.service.tls_key: cannot read '\(key)' as an unencrypted PEM private key")
        }
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
    }
}

/// A set-up or start-up problem of `wallet serve`, said in one line.
public struct PassWebServiceError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }

    public static let noServiceURL = PassWebServiceError("wallet.service.url is not set: passes would not name the service (see docs/wallet.md)")
}
