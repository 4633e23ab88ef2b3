import CardReader
import DeskSettings
import Foundation
import MemberKit

/// The wallet: its files present, its secrets (private keys, the service account file) readable
/// by the service user only (a private key others can read is a key others can sign passes with;
/// a certificate is public), its certificates' dates, and whether phones' passes are read at the
/// reader (and which key files are missing or unreadable).
struct WalletChecks {
    let environment: DoctorEnvironment

    func run(_ config: DeskConfig) -> [DoctorCheck] {
        let (_, apple, google) = WalletSetup.load(config.wallet)
        return filePermissions(config.wallet)
            + WalletCertificateChecks(now: environment.now).run(environment.walletCertificates(config.wallet))
            + [reading(apple, "[wallet.apple]"), reading(google, "[wallet.google]")]
    }

    private func reading(_ state: WalletSetup.State, _ table: String) -> DoctorCheck {
        switch state {
        case .off(let why): return DoctorCheck("wallet", .ok, why)
        case .ready(let what): return DoctorCheck("wallet", .ok, what)
        case .problem(let why):
            return DoctorCheck("wallet", .problem, why,
                               action: "make the key file readable by the desk's user, or fix the path in \(table)")
        }
    }

    private func filePermissions(_ wallet: DeskConfig.Wallet) -> [DoctorCheck] {
        let certificates = [("wallet.apple.certificate", wallet.apple.certificate), ("wallet.apple.wwdr_certificate", wallet.apple.wwdrCertificate)]
        let secrets = [("wallet.apple.key_file", wallet.apple.keyFile), ("wallet.apple.nfc_key_file", wallet.apple.nfcKeyFile)]
            + wallet.apple.nfcPreviousKeyFiles.map { ("wallet.apple.nfc_previous_key_files", $0) }
            + [("wallet.google.service_account_file", wallet.google.serviceAccountFile),
               ("wallet.google.smart_tap_key_file", wallet.google.smartTapKeyFile)]
        let namedSecrets = Set(secrets.filter { !$0.1.isEmpty }.map(\.0))
        let named = (certificates + secrets).filter { !$0.1.isEmpty }
        // No wallet set up: nothing to say.
        guard !named.isEmpty else { return [] }
        var checks: [DoctorCheck] = []
        var secretsChecked = 0
        for (key, path) in named {
            var info = stat()
            guard stat(path, &info) == 0 else {
                checks.append(DoctorCheck("wallet", .warning, "\(key): no file '\(path)' (\(String(cString: strerror(errno))))",
                                          action: "put the file there, or fix \(key)"))
                continue
            }
            guard namedSecrets.contains(key) else { continue }
            secretsChecked += 1
            let mode = info.st_mode & 0o777
            if mode & 0o044 != 0 {
                checks.append(DoctorCheck("wallet", .warning,
                                          "\(key): '\(path)' is readable by others (mode \(String(mode, radix: 8)))",
                                          action: "chmod 600 \(path) (and chown it to the service user)"))
            }
        }
        // The service account file holds a private key too.
        if checks.isEmpty, secretsChecked > 0 {
            checks.append(DoctorCheck("wallet", .ok, "\(CountText.of(secretsChecked, "private key file")) readable by their owner only"))
        }
        return checks
    }
}
