import Crypto
import DeskSettings
import Foundation
import MemberKit

/// Makes members' .pkpass files: pass.json, the images, manifest.json (SHA-1 of each file) and
/// the manifest's signature, zipped. Everything that can be wrong with the set-up is found when it
/// is made, so a command refuses before writing any file.
public struct ApplePassIssuer: Sendable {
    let signer: PassSigner
    let issuer: PassJSON.Issuer
    /// The images with their SHA-1s, hashed once for every pass.
    let images: [(name: String, bytes: [UInt8], sha1: String)]

    public init(_ wallet: DeskConfig.Wallet, look: WalletLook, now: Date) throws {
        if let missing = wallet.missingApple.first {
            throw WalletError(.setUp, "\(missing) is not set (see docs/wallet.md)")
        }
        let apple = wallet.apple
        signer = try PassSigner(certificatePath: apple.certificate, keyPath: apple.keyFile, wwdrPath: apple.wwdrCertificate, now: now)
        try signer.checkIds(passTypeId: apple.passTypeId, teamId: apple.teamId, certificatePath: apple.certificate)
        let nfcKey = apple.nfcKeyFile.isEmpty ? nil : try WalletKeyPair.load(path: apple.nfcKeyFile, key: "wallet.apple.nfc_key_file")
        issuer = PassJSON.Issuer(passTypeId: apple.passTypeId, teamId: apple.teamId, look: look,
                                 beacon: apple.beacon.isEmpty ? nil : WalletBeacon(apple.beacon), relevantText: apple.relevantText,
                                 nfcPublicKey: nfcKey?.appleEncryptionPublicKey,
                                 webServiceURL: wallet.service.url.isEmpty ? nil : wallet.service.url)
        var images: [(String, [UInt8])] = []
        if wallet.icon.isEmpty {
            images += [("icon.png", BuiltInIcon.icon), ("icon@2x.png", BuiltInIcon.icon2x)]
        } else {
            images.append(("icon.png", try WalletFile.png(wallet.icon, key: "wallet.icon")))
        }
        if !wallet.logo.isEmpty { images.append(("logo.png", try WalletFile.png(wallet.logo, key: "wallet.logo"))) }
        self.images = images.map { (name: $0.0, bytes: $0.1, sha1: Self.sha1($0.1)) }
    }

    /// Whether passes carry `webServiceURL` (and each its own `authenticationToken`).
    public var hasWebService: Bool { issuer.webServiceURL != nil }
    public var passTypeId: String { issuer.passTypeId }

    /// The member's pass.json (what the .pkpass carries), for tests and `--json`-style checks.
    /// `token`: the pass's `authenticationToken` (only with a web service URL).
    public func passJSON(for member: WalletMember, token: String? = nil) throws -> [UInt8] {
        try PassJSON(member, issuer, authenticationToken: token).encoded()
    }

    /// SHA-256 of what the pass shows (its pass.json without the token): the web service's tag
    /// moves when this does, whatever changed it (`Club.webPassSerials`).
    public func contentDigest(for member: WalletMember) throws -> [UInt8] {
        Array(SHA256.hash(data: try passJSON(for: member)))
    }

    /// The member's whole .pkpass, signed at `time`.
    public func pkpass(for member: WalletMember, token: String? = nil, at time: Date) throws -> [UInt8] {
        let pass = try passJSON(for: member, token: token)
        var hashes = [("pass.json", Self.sha1(pass))]
        hashes += images.map { ($0.name, $0.sha1) }
        // manifest.json: {"file": "sha1 hex", …}, keys sorted.
        let manifest = Array(("{" + hashes.sorted { $0.0 < $1.0 }.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",") + "}").utf8)
        let signature = try signer.sign(manifest: manifest, at: time)
        var files: [(name: String, bytes: [UInt8])] = [("pass.json", pass)]
        files += images.map { (name: $0.name, bytes: $0.bytes) }
        files += [("manifest.json", manifest), ("signature", signature)]
        return try PKPassArchive.zip(files, modified: time)
    }

    /// The file `wallet apple` writes without --out: `<memberId>.pkpass`. A member id from an
    /// import may hold any character, so only letters, digits, `.`, `_` and `-` are kept as they are.
    public static func fileName(for member: WalletMember) -> String {
        var name = String(member.memberId.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        })
        if name.isEmpty || name.hasPrefix(".") { name = "_" + name }
        return name + ".pkpass"
    }

    static func sha1(_ bytes: [UInt8]) -> String {
        Insecure.SHA1.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
