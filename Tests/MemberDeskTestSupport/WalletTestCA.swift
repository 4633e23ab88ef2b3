import DeskSettings
import Foundation
import MemberKit

/// Wallet set-up for tests, made by openssl in a scratch folder: a root CA → a "WWDR"
/// intermediate → a pass certificate (RSA 2048) and its key, an NFC and a Smart Tap P-256 key,
/// and a Google service account JSON file with an RSA key. Real files, as a club would have them.
public final class WalletTestCA: Sendable {
    public let folder: TemporaryDirectory
    public var root: String { folder.file("root.pem") }
    public var wwdr: String { folder.file("wwdr.pem") }
    public var certificate: String { folder.file("pass.pem") }
    public var key: String { folder.file("pass.key") }
    public var nfcKey: String { folder.file("nfc.pem") }
    public var smartTapKey: String { folder.file("smart-tap.pem") }
    public var serviceAccount: String { folder.file("service-account.json") }
    /// The service account's public key (PEM), to check a JWT's signature with openssl.
    public var serviceAccountPublicKey: String { folder.file("service-account.pub.pem") }
    public static let clientEmail = "desk@club-test.iam.gserviceaccount.com"

    /// The pass certificate is valid for a year from now: a test past that (an injected clock) sees it expired.
    /// Its subject carries `certificatePassTypeId` (UID) and `certificateTeamId` (OU, none when nil), as
    /// Apple's do; a validity `(daysAgo, days)` makes a certificate issued that many days ago (openssl
    /// under faketime), so one already expired or about to expire.
    public init(certificatePassTypeId: String = "pass.org.example.test", certificateTeamId: String? = "TEAM123456",
                passValidity: (daysAgo: Int, days: Int) = (0, 365), wwdrValidity: (daysAgo: Int, days: Int) = (0, 3650)) throws {
        folder = try TemporaryDirectory()
        func issued(_ validity: (daysAgo: Int, days: Int)) -> String {
            (validity.daysAgo > 0 ? "faketime -f '-\(validity.daysAgo)d' " : "") + "openssl x509 -days \(validity.days)"
        }
        let passSubject = "/UID=\(certificatePassTypeId)/CN=Pass Type ID: \(certificatePassTypeId)"
            + (certificateTeamId.map { "/OU=\($0)" } ?? "")
        try Self.shell("""
            set -e
            cat > ca.ext <<'X'
            basicConstraints=critical,CA:TRUE
            keyUsage=critical,keyCertSign,cRLSign
            X
            cat > leaf.ext <<'X'
            basicConstraints=critical,CA:FALSE
            keyUsage=critical,digitalSignature
            X
            openssl req -x509 -newkey rsa:2048 -nodes -keyout root.key -out root.pem -subj "/CN=Test Root CA" -days 3650 2>/dev/null
            openssl req -newkey rsa:2048 -nodes -keyout wwdr.key -out wwdr.csr -subj "/CN=Test WWDR/OU=G4" 2>/dev/null
            \(issued(wwdrValidity)) -req -in wwdr.csr -CA root.pem -CAkey root.key -CAcreateserial -out wwdr.pem -extfile ca.ext 2>/dev/null
            openssl req -newkey rsa:2048 -nodes -keyout pass.key -out pass.csr -subj "\(passSubject)" 2>/dev/null
            \(issued(passValidity)) -req -in pass.csr -CA wwdr.pem -CAkey wwdr.key -CAcreateserial -out pass.pem -extfile leaf.ext 2>/dev/null
            openssl ecparam -name prime256v1 -genkey -noout -out nfc.pem
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out smart-tap.pem 2>/dev/null
            openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out sa.key 2>/dev/null
            openssl pkey -in sa.key -pubout -out service-account.pub.pem
            chmod 600 pass.key nfc.pem smart-tap.pem sa.key
            """, in: folder.path)
        let pem = try String(contentsOfFile: folder.file("sa.key"), encoding: .utf8)
        let account: [String: String] = ["type": "service_account", "project_id": "club-test", "private_key_id": "k1",
                                         "private_key": pem, "client_email": Self.clientEmail]
        try JSONSerialization.data(withJSONObject: account).write(to: URL(fileURLWithPath: serviceAccount))
        chmod(serviceAccount, 0o600)
    }

    /// `[wallet]` with every key pointing at these files.
    public func wallet(nfc: Bool = true) -> DeskConfig.Wallet {
        var wallet = DeskConfig.Wallet()
        wallet.organization = "Harbour Climbing"
        wallet.apple.passTypeId = "pass.org.example.test"
        wallet.apple.teamId = "TEAM123456"
        wallet.apple.certificate = certificate
        wallet.apple.keyFile = key
        wallet.apple.wwdrCertificate = wwdr
        wallet.apple.nfcKeyFile = nfc ? nfcKey : ""
        wallet.google.issuerId = "3388000000012345678"
        wallet.google.serviceAccountFile = serviceAccount
        wallet.google.collectorId = "20180608"
        wallet.google.smartTapKeyFile = smartTapKey
        return wallet
    }

    /// The same as config file lines.
    public func configLines(nfc: Bool = true) -> String {
        """
        [wallet]
        organization = "Harbour Climbing"
        [wallet.apple]
        pass_type_id = "pass.org.example.test"
        team_id = "TEAM123456"
        certificate = "\(certificate)"
        key_file = "\(key)"
        wwdr_certificate = "\(wwdr)"
        nfc_key_file = "\(nfc ? nfcKey : "")"
        [wallet.google]
        issuer_id = "3388000000012345678"
        service_account_file = "\(serviceAccount)"
        collector_id = "20180608"
        smart_tap_key_file = "\(smartTapKey)"

        """
    }

    /// Runs `script` with /bin/sh in `folder`; returns its exit status and what it printed (stdout and stderr).
    @discardableResult
    public static func shell(_ script: String, in folder: String, check: Bool = true) throws -> (status: Int32, output: String) {
        let child = try ChildProcess("/bin/sh", ["-c", "cd '\(folder)' && " + script], stdout: .pipe, stderr: .stdout)
        let output = String(decoding: child.output!.readDataToEndOfFile(), as: UTF8.self)
        let status = child.wait().status
        if check, status != 0 { throw ShellFailure(description: "sh exited \(status): \(output)") }
        return (status, output)
    }
}

public struct ShellFailure: Error, CustomStringConvertible {
    public let description: String
}
