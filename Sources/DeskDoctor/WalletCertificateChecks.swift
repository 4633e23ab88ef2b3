import DeskSettings
import Foundation
import MemberKit

/// A certificate `[wallet]` names, as the CLI reads it for the doctor (DeskDoctor reads no X.509):
/// its dates, or why it cannot be read.
public enum WalletCertificate: Sendable, Equatable {
    case dated(key: String, path: String, notBefore: Date, notAfter: Date)
    case unreadable(key: String, why: String)
}

/// The wallet's certificates against the desk's clock: expired (or not yet valid) is a problem,
/// as `wallet apple` refuses to sign with it; within 30 days of its end a warning, to renew in time.
struct WalletCertificateChecks {
    static let warningDays = 30
    let now: Date

    func run(_ certificates: [WalletCertificate]) -> [DoctorCheck] {
        certificates.map(check)
    }

    private func check(_ certificate: WalletCertificate) -> DoctorCheck {
        let renew = "renew it (Apple's developer portal for the pass and WWDR certificates, Google Cloud for a service account key) and replace the file"
        switch certificate {
        case .unreadable(let key, let why):
            return DoctorCheck("wallet", .problem, why, action: "fix the file or the path in \(Self.table(key))")
        case .dated(let key, let path, let notBefore, let notAfter):
            if now > notAfter {
                return DoctorCheck("wallet", .problem, "\(key): the certificate '\(path)' expired on \(Self.day(notAfter))", action: renew)
            }
            if now < notBefore {
                return DoctorCheck("wallet", .problem, "\(key): the certificate '\(path)' is not valid before \(Self.day(notBefore))",
                                   action: "check the desk's clock (date), or use a certificate valid today")
            }
            let daysLeft = Int((notAfter.timeIntervalSince(now) / 86_400).rounded(.up))
            if daysLeft <= Self.warningDays {
                return DoctorCheck("wallet", .warning, "\(key): the certificate '\(path)' expires on \(Self.day(notAfter)), "
                                   + "in \(CountText.of(daysLeft, "day"))", action: renew + " before then")
            }
            return DoctorCheck("wallet", .ok, "\(key): the certificate '\(path)' is valid until \(Self.day(notAfter))")
        }
    }

    static func table(_ key: String) -> String { key.hasPrefix("wallet.google") ? "[wallet.google]" : "[wallet.apple]" }

    static func day(_ date: Date) -> String { date.formatted(.iso8601.year().month().day()) }
}
