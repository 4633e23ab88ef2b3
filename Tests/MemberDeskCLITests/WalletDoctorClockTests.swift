import Foundation
import MemberDeskCLI
import MemberDeskTestSupport
import Testing

/// `doctor` judges the wallet's certificates by the command's clock (`CommandClock`), the one a
/// test injects, not the machine's.
@Suite struct WalletDoctorClockTests {
    static func passCertificateCheck(_ desk: InProcessDesk, at time: Date) async throws -> [String: Any] {
        let result = await CommandClock.$current.withValue(FakeClock(time)) { await desk.run(["doctor", "--json"]) }
        let checks = try result.stdout.split(separator: "\n").compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return try #require(checks.first { ($0["message"] as? String)?.hasPrefix("wallet.apple.certificate: ") == true }, "\(result)")
    }

    @Test func theCertificatesDaysLeftAreCountedFromTheInjectedClock() async throws {
        let ca = try WalletTestCA()  // the pass certificate ends a year from now
        let desk = try InProcessDesk(config: ca.configLines())
        #expect(try await Self.passCertificateCheck(desk, at: Date())["status"] as? String == "ok")
        let soon = try await Self.passCertificateCheck(desk, at: Date().addingTimeInterval(345 * 86_400))
        #expect(soon["status"] as? String == "warning")
        #expect((soon["message"] as? String)?.hasSuffix(", in 20 days") == true, "\(soon)")
        #expect(try await Self.passCertificateCheck(desk, at: Date().addingTimeInterval(366 * 86_400))["status"] as? String == "problem")
    }
}
