import Crypto
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// The round trip: a pass made by `memberdesk wallet apple` is read back. The virtual phone takes
/// what a real phone takes from the .pkpass (pass.json's pass type id, `nfc.message` and
/// `nfc.encryptionPublicKey`) and seals its cryptogram for that key; `memberdesk scan`, set up with
/// the same `nfc_key_file`, checks the member in through real pcscd and vpcd. The pass carries its
/// own credential, never the card's number; issued again, the old pass is refused at the reader.
extension PCSCEndToEndTests {
    /// SubjectPublicKeyInfo { id-ecPublicKey, prime256v1 } with a 33-byte compressed point: what
    /// Apple asks for in `encryptionPublicKey`.
    static let compressedP256SPKIHeader: [UInt8] = [0x30, 0x39, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
                                                    0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x22, 0x00]

    @Test func aPassMadeByWalletAppleIsReadBackAndChecksTheMemberIn() throws {
        let ca = try WalletTestCA()
        let binary = try DeskBinary()
        try binary.writeConfig(ca.configLines())
        #expect(try binary.run(["members", "add", "--pass", "RT-0042", "--name", "Ann"]).status == 0)
        let pkpass = binary.home.file("ann.pkpass")
        let made = try binary.run(["wallet", "apple", "RT-0042", "--out", pkpass])
        #expect(made.status == 0, "\(made.stderr)")

        // What the phone reads from the pass.
        let text = try WalletTestCA.shell("unzip -p '\(pkpass)' pass.json", in: binary.home.path).output
        let pass = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let nfc = try #require(pass["nfc"] as? [String: Any])
        let message = try #require(nfc["message"] as? String)
        let passTypeId = try #require(pass["passTypeIdentifier"] as? String)
        let encoded = try #require(nfc["encryptionPublicKey"] as? String)
        let spki = Array(try #require(Data(base64Encoded: encoded)))
        #expect(message.hasPrefix("WP-") && message.count == 35 && !message.contains("RT-0042") && passTypeId == "pass.org.example.test")
        #expect(!text.contains("RT-0042"), "the pass names the card: \(text)")
        #expect(Array(spki.prefix(Self.compressedP256SPKIHeader.count)) == Self.compressedP256SPKIHeader && spki.count == 59)
        let passKey = try P256.KeyAgreement.PublicKey(compressedRepresentation: spki.suffix(33))
        // The pass's key is the public half of the configured nfc_key_file.
        let configured = try P256.KeyAgreement.PrivateKey(pemRepresentation: String(contentsOfFile: ca.nfcKey, encoding: .utf8))
        #expect(passKey.rawRepresentation == configured.publicKey.rawRepresentation)

        let scan = try RunningDesk(binary, ["scan", "--json", "--reader", PCSCDaemon.virtualReader])
        #expect(waitUntil { scan.stdout.contains("\"readerAttached\"") }, "scan never saw the reader: \(scan.stderr)")
        let phone = VirtualPhone(passes: [.init(passTypeId: passTypeId, message: message, readerKey: passKey)])
        let card = phone.card()
        try card.insert()
        #expect(waitUntil { scan.lines.contains { $0.contains("\"outcome\"") } }, "stdout: \(scan.stdout) stderr: \(scan.stderr)")
        card.remove()
        #expect(waitUntil { scan.stdout.contains("\"cardRemoved\"") }, "stdout: \(scan.stdout)")
        // Issued again (the phone lost, say): the phone's old pass is refused, in so many words.
        #expect(try binary.run(["wallet", "apple", "RT-0042", "--out", binary.home.file("ann-2.pkpass")]).status == 0)
        let again = phone.card()
        try again.insert()
        #expect(waitUntil { scan.lines.filter { $0.contains("\"outcome\"") }.count >= 2 }, "stdout: \(scan.stdout) stderr: \(scan.stderr)")
        again.remove()
        #expect(scan.signal(SIGINT) == 0)
        let outcomes = scan.lines.compactMap(Self.json).filter { $0["outcome"] != nil }
        let replaced = try #require(outcomes.dropFirst().first)
        #expect(replaced["outcome"] as? String == "refused" && replaced["reason"] as? String == "passReplaced", "\(replaced)")
        let outcome = try #require(outcomes.first)
        #expect(outcome["outcome"] as? String == "checkedIn", "\(outcome)")
        #expect(outcome["passId"] as? String == "RT-0042")
        #expect(outcome["source"] as? String == "wallet" && outcome["wallet"] as? String == "apple")
        #expect(phone.cryptogramsSent.count == 2)
        let database = try AppDatabase.open(path: binary.databasePath, readOnly: true)
        #expect(try database.member(idOrPass: "RT-0042")?.numVisits == 1)
    }
}
