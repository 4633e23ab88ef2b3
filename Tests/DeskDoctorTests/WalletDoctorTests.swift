import DeskDoctor
import Foundation
import MemberKit
import Testing

/// The wallet check: whether Apple and Google passes are read, and which key file is missing or unreadable.
@Suite struct WalletDoctorTests {
    private func writeConfig(_ system: FakeSystem, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: system.configPath).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try text.write(toFile: system.configPath, atomically: true, encoding: .utf8)
    }

    @Test func offThenMissingKeyThenBadKeyThenReady() throws {
        let system = try FakeSystem()
        #expect(system.run().of("wallet") == [
            DoctorCheck("wallet", .ok, "Apple passes are not read (set wallet.apple.pass_type_id and wallet.apple.nfc_key_file)"),
            DoctorCheck("wallet", .ok, Self.googleOff)])
        let key = system.home + "/reader.pem"
        try writeConfig(system, "[wallet.apple]\npass_type_id = \"pass.org.example\"\nnfc_key_file = \"\(key)\"\n")
        let missing = system.run().of("wallet")
        // The file check warns of the missing file; the reading check says Apple passes are not read.
        #expect(missing.map(\.status) == [.warning, .problem, .ok])
        #expect(missing[1].message == "Apple passes are not read: wallet.apple.nfc_key_file: \(key) does not exist")
        try "not a key".write(toFile: key, atomically: true, encoding: .utf8)
        chmod(key, 0o600)
        #expect(system.run().of("wallet")[1].message
            == "Apple passes are not read: \(key): not a P-256 private key in PEM (EC PRIVATE KEY or PRIVATE KEY)")
        // openssl ecparam -name prime256v1 -genkey, as the README says.
        try """
            -----BEGIN EC PRIVATE KEY-----
            MHcCAQEEID0VR/I814rQUqWIYPEhno+3kexN/jN2n1ub+mJ6ZWyhoAoGCCqGSM49
            AwEHoUQDQgAEwKMBv29ByaSLiGF0FctuyB+Hs2oZ1kDIYhTVllPexNGudAlm8IWO
            H0e+Exc97/zBdawu7Yl+XytQONszGzAK7w==
            -----END EC PRIVATE KEY-----
            """.write(toFile: key, atomically: true, encoding: .utf8)
        chmod(key, 0o600)
        #expect(system.run().of("wallet") == [DoctorCheck("wallet", .ok, "1 private key file readable by their owner only"),
                                              DoctorCheck("wallet", .ok, "Apple passes of pass.org.example are read with 1 key"),
                                              DoctorCheck("wallet", .ok, Self.googleOff)])
        chmod(key, 0o644)
        #expect(system.run().of("wallet").first?.status == .warning)
    }

    static let googleOff = "Google passes are not read (set wallet.google.collector_id and wallet.google.smart_tap_key_file)"

    @Test func googleOffThenMissingKeyThenBadCollectorThenReady() throws {
        let system = try FakeSystem()
        let key = system.home + "/smart-tap.pem"
        try writeConfig(system, "[wallet.google]\ncollector_id = \"20180608\"\n")
        #expect(system.run().of("wallet").last == DoctorCheck("wallet", .ok,
            "Google passes are not read (set wallet.google.smart_tap_key_file)"))
        try writeConfig(system, "[wallet.google]\ncollector_id = \"20180608\"\nsmart_tap_key_file = \"\(key)\"\nsmart_tap_key_version = 3\n")
        let missing = system.run().of("wallet")
        #expect(missing.map(\.status) == [.warning, .ok, .problem])
        #expect(missing.last?.message == "Google passes are not read: wallet.google.smart_tap_key_file: \(key) does not exist")
        #expect(missing.last?.action == "make the key file readable by the desk's user, or fix the path in [wallet.google]")
        // Google's sample app's key (smart-tap-sample-app, collector 20180608).
        try """
            -----BEGIN EC PRIVATE KEY-----
            MHcCAQEEIIJtF+UHZ7FlsOTZ4zL40dHiAiQoT7Ta8eUKAyRucHl9oAoGCCqGSM49
            AwEHoUQDQgAEchyXj869zfmKhRi9xP7f2AK07kEo4lE7ZlWTN14jh4YBTny+hRGR
            XcUzevV9zSSPJlPHpqqu5pEwlv1xyFvE1w==
            -----END EC PRIVATE KEY-----
            """.write(toFile: key, atomically: true, encoding: .utf8)
        chmod(key, 0o600)
        #expect(system.run().of("wallet").last == DoctorCheck("wallet", .ok, "Google passes of collector 20180608 are read with key version 3"))
        chmod(key, 0o000)
        if getuid() != 0 {
            #expect(system.run().of("wallet").last?.message == "Google passes are not read: wallet.google.smart_tap_key_file: cannot read \(key)")
        }
    }

    @Test func certificatesArePublicOnlySecretsReadableByOthersAreWarnedAbout() throws {
        let system = try FakeSystem()
        let files = ["pass.pem", "wwdr.pem", "pass.key", "service-account.json"].map { system.home + "/" + $0 }
        for file in files { try "x".write(toFile: file, atomically: true, encoding: .utf8); chmod(file, 0o644) }
        try writeConfig(system, """
            [wallet.apple]
            certificate = "\(files[0])"
            wwdr_certificate = "\(files[1])"
            key_file = "\(files[2])"
            [wallet.google]
            service_account_file = "\(files[3])"
            """)
        let readable = system.run().of("wallet").filter { $0.message.contains("readable by others") }
        #expect(readable.map(\.message) == ["wallet.apple.key_file: '\(files[2])' is readable by others (mode 644)",
                                            "wallet.google.service_account_file: '\(files[3])' is readable by others (mode 644)"])
        for file in files[2...] { chmod(file, 0o600) }
        #expect(system.run().of("wallet").first == DoctorCheck("wallet", .ok, "2 private key files readable by their owner only"))
        // Only certificates named: nothing said of modes.
        try writeConfig(system, "[wallet.apple]\ncertificate = \"\(files[0])\"\n")
        #expect(!system.run().of("wallet").contains { $0.message.contains("readable") })
    }

    @Test func certificateDatesByTheDesksClock() throws {
        let system = try FakeSystem()
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15
        let day: TimeInterval = 86_400
        let certificates: [WalletCertificate] = [
            .dated(key: "wallet.apple.certificate", path: "/w/pass.pem", notBefore: now - 400 * day, notAfter: now - 35 * day),
            .dated(key: "wallet.apple.wwdr_certificate", path: "/w/wwdr.pem", notBefore: now - 400 * day, notAfter: now + 30 * day),
            .dated(key: "wallet.google.service_account_file (certificate)", path: "/w/sa.json", notBefore: now - day, notAfter: now + 31 * day),
            .dated(key: "wallet.apple.certificate", path: "/w/new.pem", notBefore: now + 2 * day, notAfter: now + 365 * day),
            .unreadable(key: "wallet.apple.wwdr_certificate", why: "wallet.apple.wwdr_certificate: '/w/x.pem' is not a readable certificate"),
        ]
        let renew = "renew it (Apple's developer portal for the pass and WWDR certificates, Google Cloud for a service account key) and replace the file"
        let checks = system.run(now: now, walletCertificates: { _ in certificates }).of("wallet")
        #expect(checks.filter { $0.message.contains("certificate") } == [
            DoctorCheck("wallet", .problem, "wallet.apple.certificate: the certificate '/w/pass.pem' expired on 2026-12-11",
                        action: renew),
            DoctorCheck("wallet", .warning, "wallet.apple.wwdr_certificate: the certificate '/w/wwdr.pem' expires on 2027-02-14, in 30 days",
                        action: renew + " before then"),
            DoctorCheck("wallet", .ok, "wallet.google.service_account_file (certificate): the certificate '/w/sa.json' is valid until 2027-02-15"),
            DoctorCheck("wallet", .problem, "wallet.apple.certificate: the certificate '/w/new.pem' is not valid before 2027-01-17",
                        action: "check the desk's clock (date), or use a certificate valid today"),
            DoctorCheck("wallet", .problem, "wallet.apple.wwdr_certificate: '/w/x.pem' is not a readable certificate",
                        action: "fix the file or the path in [wallet.apple]"),
        ])
        // A day later the service account's certificate has 30 days left: a warning.
        let later = system.run(now: now + day, walletCertificates: { _ in certificates }).of("wallet")
        #expect(later.first { $0.message.hasPrefix("wallet.google.service_account_file") }?.status == .warning)
    }
}
