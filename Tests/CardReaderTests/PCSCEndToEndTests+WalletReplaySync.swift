import Crypto
import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// "At any desk": two desks (two homes, two databases, the real binary) share a sync folder. A
/// phone's cryptogram read at desk A is refused as a replay at desk B once `sync now` has carried
/// A's claims; a fresh cryptogram from the same phone is then checked in at B.
extension PCSCEndToEndTests {
    @Test func aCryptogramReadAtOneDeskIsAReplayAtAnotherAfterASync() throws {
        let folder = try TemporaryDirectory()
        let keyFile = folder.file("reader-key.pem")
        try Self.readerKey.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        let config = """
            debounce_seconds = 0
            [wallet]
            organization = "Harbour Gym"
            [wallet.apple]
            pass_type_id = "\(Self.passType)"
            nfc_key_file = "\(keyFile)"
            [sync]
            folder = "\(folder.path)/shared"
            """
        try FileManager.default.createDirectory(atPath: folder.path + "/shared", withIntermediateDirectories: true)
        let deskA = try DeskBinary(), deskB = try DeskBinary()
        try deskA.writeConfig(config)
        try deskB.writeConfig(config)
        #expect(try deskA.run(["members", "add", "--pass", "ANN-1", "--name", "Ann"]).status == 0)
        let phone = VirtualPhone(passes: [.init(passTypeId: Self.passType, message: "ANN-1", readerKey: Self.readerKey.publicKey)])

        func tap(_ desk: DeskBinary) throws -> [String: Any] {
            let scan = try RunningDesk(desk, ["scan", "--json", "--reader", PCSCDaemon.virtualReader])
            #expect(waitUntil { scan.stdout.contains("\"readerAttached\"") }, "scan never saw the reader: \(scan.stderr)")
            let card = phone.card()
            try card.insert()
            #expect(waitUntil { scan.lines.contains { $0.contains("\"outcome\"") } }, "stdout: \(scan.stdout) stderr: \(scan.stderr)")
            card.remove()
            // pcscd must have seen the phone go before the next desk starts, or that desk finds it still "present".
            #expect(waitUntil { scan.stdout.contains("\"cardRemoved\"") }, "stdout: \(scan.stdout)")
            #expect(scan.signal(SIGINT) == 0)
            return try #require(scan.lines.compactMap(Self.json).first { $0["outcome"] != nil })
        }

        let atA = try tap(deskA)
        #expect(atA["outcome"] as? String == "checkedIn", "\(atA)")
        #expect(try deskA.run(["sync", "now"]).status == 0)
        let synced = try deskB.run(["sync", "now"])
        #expect(synced.status == 0, "\(synced.stderr)")
        // B now knows Ann (from A's member files) and A's claim.
        phone.set(mode: .replay(try #require(phone.cryptogramsSent.last)))
        let replayed = try tap(deskB)
        #expect(replayed["outcome"] as? String == "refused" && replayed["reason"] as? String == "replay", "\(replayed)")
        phone.set(mode: .present)
        let fresh = try tap(deskB)
        #expect(fresh["outcome"] as? String == "checkedIn", "\(fresh)")
        // A claim file holds digests, never the cryptogram.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/shared")
            .map { folder.path + "/shared/\($0)/wallet-claims.json" }.filter { FileManager.default.fileExists(atPath: $0) }
        #expect(!files.isEmpty)
        let claims = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        let cryptogramHex = phone.cryptogramsSent[0].map { String(format: "%02x", $0) }.joined()
        #expect(claims.contains("\"claims\":[{") && !claims.contains(cryptogramHex))
    }
}
