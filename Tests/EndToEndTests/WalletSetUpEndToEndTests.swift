import Foundation
import MemberDeskTestSupport
import Testing

/// A wallet set-up a desk can trust, through the built binary and openssl-made certificates:
/// `wallet apple` refuses ids its certificate does not carry, `doctor` judges the certificates'
/// dates and warns only about secrets others can read, and the mail merge counts members it cannot reach.
@Suite struct WalletSetUpEndToEndTests {
    static func files(_ folder: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder)
    }

    @Test func appleRefusesIdsTheCertificateDoesNotCarryNamingBoth() throws {
        // The config says pass.org.example.test of TEAM123456; the certificate is another pass type's, of another team.
        let ca = try WalletTestCA(certificatePassTypeId: "pass.org.example.other", certificateTeamId: "OTHER98765")
        let desk = try DeskBinary()
        try desk.writeConfig(ca.configLines())
        #expect(try desk.run(["members", "add", "--pass", "04A1B2C3", "--name", "Ana"]).status == 0)
        let refused = try desk.run(["wallet", "apple", "04A1B2C3", "--out", desk.home.file("ana.pkpass")])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "memberdesk: wallet.apple.pass_type_id is 'pass.org.example.test' but the certificate is for "
            + "'pass.org.example.other'; wallet.apple.team_id is 'TEAM123456' but the certificate's team is 'OTHER98765' "
            + "(wallet.apple.certificate '\(ca.certificate)'; Apple Wallet refuses a pass whose ids are not its certificate's)\n")
        #expect(!FileManager.default.fileExists(atPath: desk.home.file("ana.pkpass")))
        // Only the team wrong: only the team is named.
        let team = try WalletTestCA(certificateTeamId: "OTHER98765")
        try desk.writeConfig(team.configLines())
        let teamOnly = try desk.run(["wallet", "apple", "--all", "--out", desk.home.file("all")])
        #expect(teamOnly.status == 1)
        #expect(teamOnly.stderr.hasPrefix("memberdesk: wallet.apple.team_id is 'TEAM123456' but the certificate's team is 'OTHER98765' ("))
        #expect(try Self.files(desk.home.file("all")).isEmpty)
        // A certificate without an OU (not one Apple issues) names no team.
        let none = try WalletTestCA(certificateTeamId: nil)
        try desk.writeConfig(none.configLines())
        #expect(try desk.run(["wallet", "apple", "04A1B2C3"]).stderr
            .hasPrefix("memberdesk: wallet.apple.team_id is 'TEAM123456' but the certificate's team is not named (its subject has no OU) ("))
        // The certificate's own ids: written.
        let right = try WalletTestCA()
        try desk.writeConfig(right.configLines())
        let written = try desk.run(["wallet", "apple", "04A1B2C3", "--out", desk.home.file("ana.pkpass")])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: desk.home.file("ana.pkpass")))
    }

    static func walletChecks(_ desk: DeskBinary, at time: String? = nil) throws -> (status: Int32, checks: [[String: String]]) {
        let result = try time.map { try desk.run(["doctor", "--json"], at: $0) } ?? desk.run(["doctor", "--json"])
        let checks = try result.stdout.split(separator: "\n").compactMap { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }.filter { $0["check"] as? String == "wallet" }.map { $0.compactMapValues { $0 as? String } }
        return (result.status, checks)
    }

    @Test func doctorJudgesCertificateDatesAnExpiredOneIsAProblem() throws {
        // The pass certificate was issued 400 days ago for 365 days; the WWDR one ends in 20 days.
        let ca = try WalletTestCA(passValidity: (400, 365), wwdrValidity: (3630, 3650))
        let desk = try DeskBinary()
        try desk.writeConfig(ca.configLines())
        let (status, checks) = try Self.walletChecks(desk)
        #expect(status == 1)
        let pass = try #require(checks.first { $0["message"]?.hasPrefix("wallet.apple.certificate: ") == true }, "\(checks)")
        #expect(pass["status"] == "problem")
        #expect(pass["message"]?.hasPrefix("wallet.apple.certificate: the certificate '\(ca.certificate)' expired on ") == true)
        let wwdr = try #require(checks.first { $0["message"]?.hasPrefix("wallet.apple.wwdr_certificate: ") == true }, "\(checks)")
        #expect(wwdr["status"] == "warning")
        #expect(wwdr["message"]?.hasSuffix(", in 20 days") == true || wwdr["message"]?.hasSuffix(", in 21 days") == true, "\(wwdr)")
        #expect(wwdr["action"]?.hasPrefix("renew it") == true)
        // `wallet apple` refuses the same certificate that day.
        #expect(try desk.run(["wallet", "apple", "--all"]).stderr.contains("wallet.apple.certificate: the certificate '\(ca.certificate)' expired on "))
    }

    @Test func doctorWarnsThirtyDaysAheadByTheDesksClock() throws {
        let ca = try WalletTestCA()
        let desk = try DeskBinary()
        try desk.writeConfig(ca.configLines())
        let today = try Self.walletChecks(desk).checks
        #expect(today.filter { $0["message"]?.contains("the certificate") == true }.allSatisfy { $0["status"] == "ok" }, "\(today)")
        #expect(today.contains { $0["message"]?.hasPrefix("wallet.apple.certificate: the certificate '\(ca.certificate)' is valid until ") == true })
        // 350 days on (faketime), the pass certificate has some 15 days left; 400 days on it has expired.
        let format = Date.ISO8601FormatStyle().year().month().day().dateSeparator(.dash)
        let soon = Date().addingTimeInterval(350 * 86_400).formatted(format) + " 12:00:00"
        let later = try Self.walletChecks(desk, at: soon).checks
        #expect(later.first { $0["message"]?.hasPrefix("wallet.apple.certificate:") == true }?["status"] == "warning", "\(later)")
        let past = Date().addingTimeInterval(400 * 86_400).formatted(format) + " 12:00:00"
        #expect(try Self.walletChecks(desk, at: past).checks.first { $0["message"]?.hasPrefix("wallet.apple.certificate:") == true }?["status"] == "problem")
    }

    @Test func doctorWarnsOnlyAboutSecretsOthersCanRead() throws {
        let ca = try WalletTestCA()
        let desk = try DeskBinary()
        try desk.writeConfig(ca.configLines())
        // Certificates are public: readable by all, no warning.
        for file in [ca.certificate, ca.wwdr] { chmod(file, 0o644) }
        let publicCertificates = try Self.walletChecks(desk).checks
        #expect(!publicCertificates.contains { $0["message"]?.contains("readable by others") == true }, "\(publicCertificates)")
        #expect(publicCertificates.contains { $0["message"] == "4 private key files readable by their owner only" }, "\(publicCertificates)")
        // A private key and the service account file readable by others: each warned about.
        for file in [ca.key, ca.serviceAccount] { chmod(file, 0o644) }
        let readable = try Self.walletChecks(desk).checks.filter { $0["message"]?.contains("readable by others") == true }
        #expect(readable.map { $0["message"] } == ["wallet.apple.key_file: '\(ca.key)' is readable by others (mode 644)",
                                                   "wallet.google.service_account_file: '\(ca.serviceAccount)' is readable by others (mode 644)"])
        #expect(readable.allSatisfy { $0["status"] == "warning" && $0["action"]?.hasPrefix("chmod 600 ") == true })
    }

    @Test func doctorReadsAServiceAccountKeysCertificateWhereThereIsOne() throws {
        let ca = try WalletTestCA()
        // A certificate for the service account's key, ending in 10 days, carried in the key file.
        try WalletTestCA.shell("""
            openssl req -x509 -key sa.key -out sa-cert.pem -subj "/CN=desk@club-test.iam.gserviceaccount.com" -days 10 2>/dev/null
            """, in: ca.folder.path)
        var account = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ca.serviceAccount))) as? [String: String])
        account["certificate"] = try String(contentsOfFile: ca.folder.file("sa-cert.pem"), encoding: .utf8)
        try JSONSerialization.data(withJSONObject: account).write(to: URL(fileURLWithPath: ca.serviceAccount))
        let desk = try DeskBinary()
        try desk.writeConfig(ca.configLines())
        let checks = try Self.walletChecks(desk).checks
        let found = try #require(checks.first { $0["message"]?.hasPrefix("wallet.google.service_account_file (certificate): ") == true }, "\(checks)")
        #expect(found["status"] == "warning")
        #expect(found["message"]?.hasSuffix(", in 10 days") == true, "\(found)")
        // Google's own key files carry none: nothing is said of one.
        let plain = try WalletTestCA()
        try desk.writeConfig(plain.configLines())
        #expect(!(try Self.walletChecks(desk).checks.contains { $0["message"]?.hasPrefix("wallet.google.service_account_file (") == true }))
    }

    @Test func theMailMergeSaysHowManyMembersHaveNoEmail() throws {
        let ca = try WalletTestCA()
        let desk = try DeskBinary()
        try desk.writeConfig(ca.configLines())
        #expect(try desk.run(["members", "add", "--pass", "P1", "--name", "Ana", "--email", "ana@example.com"]).status == 0)
        let csv = desk.home.file("links.csv")
        #expect(try desk.run(["wallet", "google", "--all", "--csv", csv]).stdout == "Wrote 1 link to \(csv)\n")
        for (pass, name) in [("P2", "Bo"), ("P3", "Cy")] {
            #expect(try desk.run(["members", "add", "--pass", pass, "--name", name]).status == 0)
        }
        let result = try desk.run(["wallet", "google", "--all", "--csv", csv])
        #expect(result.status == 0)
        #expect(result.stdout == "Wrote 3 links to \(csv) (2 members with no e-mail address: their email cell is empty)\n")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.count == 4)
        #expect(rows.filter { $0.contains(",,https://pay.google.com/") }.count == 2)
    }
}
