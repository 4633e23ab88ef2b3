import SwiftASN1
import X509

/// The ids an Apple pass certificate is for: the pass type id in its subject's UID
/// (0.9.2342.19200300.100.1.1) and the team id in its OU. Wallet refuses a pass whose
/// `passTypeIdentifier` or `teamIdentifier` is not its signing certificate's.
extension PassSigner {
    static let userId: ASN1ObjectIdentifier = [0, 9, 2342, 19_200_300, 100, 1, 1]

    public var passTypeId: String? { subjectValue(Self.userId) }
    public var teamId: String? { subjectValue(.RDNAttributeType.organizationalUnitName) }

    private func subjectValue(_ type: ASN1ObjectIdentifier) -> String? {
        certificate.subject.lazy.flatMap { $0 }.first { $0.type == type }.flatMap { String($0.value) }
    }

    /// Refuses set-up ids the certificate does not carry, naming each wrong key's value and the certificate's.
    func checkIds(passTypeId wanted: String, teamId wantedTeam: String, certificatePath: String) throws {
        var wrong: [String] = []
        if passTypeId != wanted {
            wrong.append("wallet.apple.pass_type_id is '\(wanted)' but the certificate is for "
                + (passTypeId.map { "'\($0)'" } ?? "no pass type id (its subject has no UID)"))
        }
        if teamId != wantedTeam {
            wrong.append("wallet.apple.team_id is '\(wantedTeam)' but the certificate's team is "
                + (teamId.map { "'\($0)'" } ?? "not named (its subject has no OU)"))
        }
        guard !wrong.isEmpty else { return }
        throw WalletError(.file, wrong.joined(separator: "; ")
            + " (wallet.apple.certificate '\(certificatePath)'; Apple Wallet refuses a pass whose ids are not its certificate's)")
    }
}
