import DeskSettings
import Foundation
import MemberKit
@testable import PassWebService
import Testing

/// `[wallet.service]` read for `wallet serve`, and HTTP's dates.
@Suite struct PassWebSettingsTests {
    func service(_ edit: (inout DeskConfig.Wallet.Service) -> Void) -> DeskConfig.Wallet.Service {
        var service = DeskConfig.Wallet.Service()
        service.url = "https://desk.example.org/passes/"
        edit(&service)
        return service
    }

    @Test func theDefaultsAndTheOverrides() throws {
        let settings = try PassWebSettings(service { _ in })
        #expect(settings.address == "127.0.0.1")
        #expect(settings.port == 8460)
        #expect(settings.url.pathPrefix == "/passes/")
        #expect(settings.limits == PassWebLimits(maxBodyBytes: 8192, maxRegistrationsPerDevice: 100, maxLogLines: 50))
        #expect(settings.tls == nil)
        let overridden = try PassWebSettings(service { _ in }, address: "::1", port: 0)
        #expect(overridden.address == "::1")
        #expect(overridden.port == 0)
    }

    @Test func badSetUpsAreOneLineNamingTheKey() {
        #expect(throws: PassWebServiceError.self) { try PassWebSettings(service { $0.url = "" }) }
        #expect { try PassWebSettings(service { $0.tlsKey = "/k.pem" }) } throws: {
            "\($0)" == "wallet.service.tls_key is set but wallet.service.tls_certificate is not: set both, or neither for plain HTTP"
        }
        #expect { try PassWebSettings(service { ($0.tlsCertificate, $0.tlsKey) = ("/nonexistent.pem", "/k.pem") }) } throws: {
            "\($0)" == "wallet.service.tls_certificate: cannot read '/nonexistent.pem' as PEM certificates"
        }
        #expect { try PassWebSettings(service { _ in }, port: 70000) } throws: { "\($0)" == "--port 70000 is not a TCP port (0-65535)" }
    }

    @Test func serviceURLs() {
        #expect(WalletServiceURL("https://desk.example.org/")?.pathPrefix == "/")
        #expect(WalletServiceURL("https://desk.example.org/a/b/")?.pathPrefix == "/a/b/")
        #expect(WalletServiceURL("https://desk.example.org/passes") == nil)
        #expect(WalletServiceURL("ftp://desk.example.org/") == nil)
        #expect(WalletServiceURL("https:///passes/") == nil)
        #expect(WalletServiceURL("https://desk.example.org/?a=1/") == nil)
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.string(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.seconds("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.seconds("soon") == nil)
        #expect(HTTPDate.seconds(nil) == nil)
    }
}
