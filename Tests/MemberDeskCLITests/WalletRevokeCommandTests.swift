import Foundation
import MemberDeskCLI
import MemberDeskTestSupport
import MemberKit
import Testing

/// The pass as its own credential at the shell: `wallet apple` twice, the first pass's credential
/// refused at `checkin`, the second's checking in; `wallet revoke` refuses it too and leaves the
/// card working; a Google link keeps its credential; nothing of the card is in the pass.
@Suite struct WalletRevokeCommandTests {
    static func credential(_ pkpass: String, in home: String) throws -> String {
        let text = try WalletTestCA.shell("unzip -p '\(pkpass)' pass.json", in: home).output
        let pass = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let barcodes = try #require(pass["barcodes"] as? [[String: Any]])
        #expect(!text.contains("04A1B2C3"), "the pass names the card: \(text)")
        return try #require(barcodes.first?["message"] as? String)
    }

    @Test func aReissuedPassReplacesTheOldAndARevokedOneIsRefused() async throws {
        let ca = try WalletTestCA()
        let (desk, id) = try await WalletCommandTests.desk(ca)
        let first = desk.home.file("1.pkpass"), second = desk.home.file("2.pkpass")
        #expect(await desk.run(["wallet", "apple", id, "--out", first]).status == 0)
        #expect(await desk.run(["wallet", "apple", id, "--out", second]).status == 0)
        let (old, new) = (try Self.credential(first, in: desk.home.path), try Self.credential(second, in: desk.home.path))
        #expect(old != new && old.hasPrefix("WP-") && new.hasPrefix("WP-"))
        let refused = await desk.run(["checkin", old, "--json"])
        #expect(refused.status == 3 && refused.stdout.contains("\"reason\":\"passReplaced\""), "\(refused)")
        #expect(refused.stdout.contains("This pass was replaced; open the new one"))
        #expect(await desk.run(["checkin", new]).status == 0)
        // The Google link keeps its credential: the pass a member saved stays good.
        let link1 = await desk.run(["wallet", "google", id]), link2 = await desk.run(["wallet", "google", id])
        #expect(link1.status == 0 && link1.stdout == link2.stdout, "\(link1) \(link2)")
        // A lost phone.
        let revoked = await desk.run(["wallet", "revoke", id, "--json"])
        #expect(revoked.status == 0 && revoked.stdout.contains("\"wallet\":\"apple\"") && revoked.stdout.contains("\"wallet\":\"google\""), "\(revoked)")
        let gone = await desk.run(["checkin", new])
        #expect(gone.status == 3 && gone.stdout.contains("This pass was revoked"), "\(gone)")
        #expect(await desk.run(["checkin", "04A1B2C3"]).status == 0)
        let again = await desk.run(["wallet", "revoke", id])
        #expect(again.status == 3 && again.stdout.contains("has no pass to revoke"), "\(again)")
        #expect(await desk.run(["audit", "--action", "pass-revoke", "--json"]).stdout.split(separator: "\n").count == 2)
        let unknown = await desk.run(["wallet", "revoke", "nobody"])
        #expect(unknown.status != 0 && unknown.stderr.contains("no member with id or pass 'nobody'"), "\(unknown)")
    }
}
