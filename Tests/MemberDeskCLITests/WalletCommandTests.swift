import Foundation
import MemberDeskCLI
import MemberDeskTestSupport
import MemberKit
import Testing

/// `memberdesk wallet …` in-process with a test CA's files: what each command writes and prints,
/// and bad input that is one line and writes nothing.
@Suite struct WalletCommandTests {
    static func desk(_ ca: WalletTestCA) async throws -> (InProcessDesk, String) {
        let desk = try InProcessDesk(config: ca.configLines())
        let added = await desk.run(["members", "add", "--pass", "04A1B2C3", "--name", "Ana López", "--email", "ana@example.com"])
        try #require(added.status == 0, "\(added)")
        return (desk, try #require(InProcessDesk.memberId(in: added.stdout)))
    }

    static func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func appleWritesTheMembersPassIntoTheOutFolder() async throws {
        let ca = try WalletTestCA()
        let (desk, id) = try await Self.desk(ca)
        let result = await desk.run(["wallet", "apple", "04a1b2c3"])
        let path = desk.home.path + "/wallet/\(id).pkpass"
        #expect(result == .init(status: 0, stdout: "Wrote \(path)\n", stderr: ""))
        let listing = try WalletTestCA.shell("unzip -Z1 '\(path)'", in: desk.home.path).output
        #expect(listing.split(separator: "\n").sorted() == ["icon.png", "icon@2x.png", "manifest.json", "pass.json", "signature"])
        let out = desk.home.file("ana.pkpass")
        #expect(await desk.run(["wallet", "apple", id, "--out", out]).status == 0)
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func appleAllWritesEveryLiveMembersPass() async throws {
        let ca = try WalletTestCA()
        let (desk, _) = try await Self.desk(ca)
        for (pass, name) in [("P2", "Bo"), ("P3", "Cy")] {
            #expect(await desk.run(["members", "add", "--pass", pass, "--name", name]).status == 0)
        }
        #expect(await desk.run(["members", "delete", "P3", "--yes"]).status == 0)
        let folder = desk.home.file("passes")
        let result = await desk.run(["wallet", "apple", "--all", "--out", folder])
        #expect(result == .init(status: 0, stdout: "Wrote 2 passes to \(folder)\n", stderr: ""))
        #expect(Self.files(folder).count == 2)
        #expect(Self.files(folder).allSatisfy { $0.hasSuffix(".pkpass") })
    }

    @Test func badInputIsOneLineAndWritesNothing() async throws {
        let ca = try WalletTestCA()
        let (desk, _) = try await Self.desk(ca)
        let folder = desk.home.path + "/wallet"
        #expect(await desk.run(["wallet", "apple", "NOPE"])
                == .init(status: 1, stdout: "", stderr: "memberdesk: no member with id or pass 'NOPE' (a deleted member is found by its member id only)\n"))
        #expect(await desk.run(["members", "delete", "04A1B2C3", "--yes"]).status == 0)
        #expect(await desk.run(["wallet", "apple", "04A1B2C3"]).status == 1)
        let bad = desk.home.file("bad.toml")
        try (ca.configLines().replacingOccurrences(of: "key_file = \"\(ca.key)\"", with: "key_file = \"\(ca.folder.file("root.key"))\""))
            .write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(await desk.run(["wallet", "apple", "--all"], config: bad)
                == .init(status: 1, stdout: "", stderr: "memberdesk: wallet.apple.key_file: '\(ca.folder.file("root.key"))' is not the private key of the certificate '\(ca.certificate)'\n"))
        try "[wallet]\nbackground = \"teal\"\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let colour = await desk.run(["wallet", "apple", "--all"], config: bad)
        #expect(colour.status == 1)
        #expect(colour.stderr.hasSuffix("config key 'wallet.background': expected a colour rgb(r,g,b) with each part 0-255, not \"teal\"\n"))
        #expect(colour.stderr.split(separator: "\n").count == 1)
        // The certificate has expired a year from now.
        let later = await CommandClock.$current.withValue(FakeClock(Date().addingTimeInterval(400 * 86_400))) {
            await desk.run(["wallet", "apple", "--all"])
        }
        #expect(later.status == 1)
        #expect(later.stderr.contains("wallet.apple.certificate: the certificate '\(ca.certificate)' expired on "))
        #expect(Self.files(folder).isEmpty)
        // Bad arguments: exit 64.
        #expect(await desk.run(["wallet", "apple"]).status == 64)
        #expect(await desk.run(["wallet", "apple", "X", "--all"]).status == 64)
        #expect(await desk.run(["wallet", "google", "--all"]).status == 64)
        #expect(await desk.run(["wallet", "google", "X", "--csv", "f.csv"]).status == 64)
        #expect(Self.files(folder).isEmpty)
    }

    @Test func aMissingSetUpIsNamed() async throws {
        let desk = try InProcessDesk()
        #expect(await desk.run(["members", "add", "--pass", "P1"]).status == 0)
        #expect(await desk.run(["wallet", "apple", "P1"])
                == .init(status: 1, stdout: "", stderr: "memberdesk: wallet.apple.pass_type_id is not set (see docs/wallet.md)\n"))
        #expect(await desk.run(["wallet", "google", "P1"])
                == .init(status: 1, stdout: "", stderr: "memberdesk: wallet.google.issuer_id is not set (see docs/wallet.md)\n"))
    }

    @Test func googlePrintsTheLinkAndWritesTheMailMerge() async throws {
        let ca = try WalletTestCA()
        let (desk, id) = try await Self.desk(ca)
        let link = await desk.run(["wallet", "google", id])
        #expect(link.status == 0)
        #expect(link.stdout.hasPrefix("https://pay.google.com/gp/v/save/ey"))
        let json = await desk.run(["wallet", "google", "04A1B2C3", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object["memberId"] as? String == id)
        #expect(object["email"] as? String == "ana@example.com")
        #expect((object["link"] as? String)?.hasPrefix("https://pay.google.com/gp/v/save/") == true)
        #expect(await desk.run(["members", "add", "--pass", "P2", "--name", "=cmd, \"x\""]).status == 0)
        let csv = desk.home.file("links.csv")
        #expect(await desk.run(["wallet", "google", "--all", "--csv", csv]) == .init(status: 0, stdout: "Wrote 2 links to \(csv) (1 member with no e-mail address: their email cell is empty)\n", stderr: ""))
        let rows = try String(contentsOfFile: csv, encoding: .utf8).components(separatedBy: "\r\n")
        #expect(rows[0] == "memberId,name,email,link")
        #expect(rows.contains { $0.hasPrefix("\(id),Ana López,ana@example.com,https://pay.google.com/gp/v/save/") })
        #expect(rows.contains { $0.contains(",\"'=cmd, \"\"x\"\"\",,https://") })
    }

    @Test func keysWritesTwoPrivateFilesAndPrintsOnlyPublicKeys() async throws {
        let desk = try InProcessDesk()
        let folder = desk.home.file("keys")
        let result = await desk.run(["wallet", "keys", "--out", folder])
        #expect(result.status == 0)
        #expect(Self.files(folder) == ["apple-nfc-key.pem", "google-smart-tap-key.pem"])
        for name in Self.files(folder) {
            var info = stat()
            #expect(stat(folder + "/" + name, &info) == 0 && info.st_mode & 0o777 == 0o600)
            let pem = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let body = pem.split(separator: "\n").dropFirst().dropLast().joined()
            #expect(!result.stdout.contains(body))
        }
        #expect(!result.stdout.contains("PRIVATE"))
        #expect(result.stdout.contains("-----BEGIN PUBLIC KEY-----"))
        #expect(result.stdout.contains("\nMDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgAC") || result.stdout.contains("\nMDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgAD"))
        // Never over a key in use.
        let again = await desk.run(["wallet", "keys", "--out", folder])
        #expect(again.status == 1)
        #expect(again.stderr == "memberdesk: '\(folder)/apple-nfc-key.pem' exists (a key in use is never replaced; choose another --out)\n")
    }

    @Test func googleClassPrintsSmartTapOn() async throws {
        let desk = try InProcessDesk(config: "[wallet.google]\nissuer_id = \"3388\"\n")
        let result = await desk.run(["wallet", "google-class"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["id"] as? String == "3388.memberdesk")
        #expect(object["enableSmartTap"] as? Bool == true)
        #expect(object["redemptionIssuers"] as? [String] == ["3388"])
    }
}
