import Foundation
import MemberDeskTestSupport

/// A written .pkpass checked as Wallet would, with other tools than ours: unzip, sha1sum for the
/// manifest, openssl cms for the signature against the test CA's root.
struct PKPassCheck {
    let folder: TemporaryDirectory

    /// Unzips `bytes` into a scratch folder.
    init(_ bytes: [UInt8]) throws {
        folder = try TemporaryDirectory()
        try Data(bytes).write(to: URL(fileURLWithPath: folder.file("pass.pkpass")))
        try WalletTestCA.shell("mkdir out && cd out && unzip -q ../pass.pkpass", in: folder.path)
    }

    func file(_ name: String) -> String { folder.file("out/" + name) }

    /// The names at the zip's root, as unzip lists them.
    func names() throws -> [String] {
        try WalletTestCA.shell("cd out && ls -A", in: folder.path).output.split(separator: "\n").map(String.init).sorted()
    }

    func json(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file(name)))) as! [String: Any]
    }

    /// Every file but manifest.json and signature is in the manifest with its SHA-1 (sha1sum's).
    func manifestMatches() throws -> Bool {
        let manifest = try json("manifest.json") as! [String: String]
        let files = try names().filter { $0 != "manifest.json" && $0 != "signature" }
        guard Set(manifest.keys) == Set(files) else { return false }
        for (name, hash) in manifest {
            let sum = try WalletTestCA.shell("cd out && sha1sum '\(name)'", in: folder.path).output.prefix(40)
            if sum != hash { return false }
        }
        return true
    }

    /// `openssl cms -verify` of the detached signature over manifest.json, trusting only `root`.
    func signatureVerifies(root: String) throws -> (ok: Bool, output: String) {
        let result = try WalletTestCA.shell("""
            openssl cms -verify -binary -inform DER -in out/signature -content out/manifest.json -CAfile '\(root)' -purpose any -out /dev/null
            """, in: folder.path, check: false)
        return (result.status == 0, result.output)
    }

    /// The pass as Wallet accepts it: manifest hashes right and the signature good.
    func valid(root: String) throws -> Bool { try manifestMatches() && signatureVerifies(root: root).ok }

    /// Flips one byte of `name` (the last one before its end).
    func flipByte(_ name: String, at offset: Int = 10) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file(name)))
        bytes[offset] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: file(name)))
    }
}
