import Foundation
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import Testing

/// Two desks through one folder: a phone's cryptogram read at one is a replay at the other once
/// the folder has been synced; one read at both before then shows in `sync status` after the
/// merge; expired claims leave the file; a bad file changes nothing.
@Suite("Wallet claims through the folder")
struct WalletClaimSyncTests {
    final class Desks: TwoSyncDesks {
        init() throws {
            try super.init(folderPrefix: "claims", settings: ClubSettings(debounce: 0, wallet: WalletSettings(organization: "Harbour Gym", maxAge: 120)))
            for desk in [a, b] { _ = try desk.club.addMember(passId: "ANN-1", username: "Ann") }
        }

        func read(_ desk: SyncTestTerminal, digest: UInt8, madeAt: Date? = nil) throws -> CheckInOutcome {
            let pass = WalletPresentation(wallet: .apple, read: .pass(passId: "ANN-1", madeAt: madeAt ?? clock.now(),
                                                                      digest: [UInt8](repeating: digest, count: 32)))
            return try desk.club.checkIn(wallet: pass, by: nil).outcome
        }

        func claimsFile(of desk: String) -> String { folder + "/" + desk + "/" + WalletClaimFile.fileName }
    }

    @Test("a cryptogram read at desk A is a replay at desk B after one sync")
    func refusedAfterSync() throws {
        let desks = try Desks()
        let made = desks.clock.now()
        guard case .checkedIn = try desks.read(desks.a, digest: 7, madeAt: made) else { Issue.record("A admits"); return }
        _ = try desks.syncA.pass()
        desks.clock.advance(by: 5)
        let pass = try desks.syncB.pass()
        #expect(pass.read.errors.isEmpty)
        guard case .walletRefused(.replay, _) = try desks.read(desks.b, digest: 7, madeAt: made) else {
            Issue.record("B must refuse the replay"); return
        }
        // Another cryptogram of the same pass is no replay.
        guard case .checkedIn = try desks.read(desks.b, digest: 8) else { Issue.record("B admits a fresh cryptogram"); return }
        #expect(try desks.syncB.status().walletReplays.isEmpty)
        // The file holds digests, never a cryptogram, and no pass id.
        let text = try String(contentsOfFile: desks.claimsFile(of: "DA"), encoding: .utf8)
        #expect(text.contains(String(repeating: "07", count: 32)) && !text.contains("ANN-1"))
    }

    @Test("a cryptogram read at both desks before they synced is found at the merge and shown by sync status, at both")
    func readTwiceFound() throws {
        let desks = try Desks()
        let made = desks.clock.now()
        guard case .checkedIn = try desks.read(desks.a, digest: 7, madeAt: made) else { Issue.record("A admits"); return }
        guard case .checkedIn = try desks.read(desks.b, digest: 7, madeAt: made) else { Issue.record("B admits, not knowing"); return }
        _ = try desks.syncA.pass()
        let merged = try desks.syncB.pass()
        #expect(merged.read.walletReplaysFound.map(\.terminals) == [["DA", "DB"]])
        #expect(merged.read.walletReplaysFound.first?.digest == String(repeating: "07", count: 8))
        #expect(try desks.syncB.status().walletReplays.count == 1)
        _ = try desks.syncA.pass()
        #expect(try desks.syncA.status().walletReplays.map(\.terminals) == [["DA", "DB"]])
        // Found once: later passes add nothing.
        #expect(try desks.syncB.pass().read.walletReplaysFound.isEmpty)
    }

    @Test("claims leave the file once expired, and an expired claim is no replay anywhere")
    func expiredClaimsLeave() throws {
        let desks = try Desks()
        guard case .checkedIn = try desks.read(desks.a, digest: 7) else { Issue.record("A admits"); return }
        _ = try desks.syncA.pass()
        #expect(try WalletClaimFile.parse(Array(Data(contentsOf: URL(fileURLWithPath: desks.claimsFile(of: "DA")))),
                                          from: "DA", path: "f").count == 1)
        desks.clock.advance(by: 121)
        _ = try desks.syncA.pass()
        #expect(try WalletClaimFile.parse(Array(Data(contentsOf: URL(fileURLWithPath: desks.claimsFile(of: "DA")))),
                                          from: "DA", path: "f").isEmpty)
        _ = try desks.syncB.pass()
        #expect(try desks.b.database.liveWalletClaims(now: desks.clock.now().timeIntervalSince1970).isEmpty)
    }

    @Test("a desk that never read a phone writes no claims file")
    func noFileWithoutClaims() throws {
        let desks = try Desks()
        _ = try desks.syncA.pass()
        #expect(!FileManager.default.fileExists(atPath: desks.claimsFile(of: "DA")))
    }

    @Test("merging is a union keeping the later time, in any order and any number of times")
    func unionLaw() throws {
        let x = WalletClaimEntry(digest: [UInt8](repeating: 1, count: 32), keepUntil: 200, terminalId: "DA")
        let y = WalletClaimEntry(digest: [UInt8](repeating: 1, count: 32), keepUntil: 300, terminalId: "DB")
        let z = WalletClaimEntry(digest: [UInt8](repeating: 2, count: 32), keepUntil: 250, terminalId: "DB")
        var results: [[[UInt8]: Double]] = []
        for order in [[[x], [y, z]], [[y, z], [x]], [[y, z], [x], [y, z], [x]]] {
            let database = try AppDatabase.inMemory()
            for batch in order { _ = try database.mergeWalletClaims(batch, at: 100) }
            results.append(try database.liveWalletClaims(now: 100))
        }
        #expect(results.allSatisfy { $0 == [x.digest: 300, z.digest: 250] })
        // An expired claim is not taken.
        let database = try AppDatabase.inMemory()
        _ = try database.mergeWalletClaims([x], at: 201)
        #expect(try database.liveWalletClaims(now: 0).isEmpty)
    }

    static let goodDigest = String(repeating: "ab", count: 32)

    @Test("a bad claims file is reported once and changes nothing", arguments: [
        #"{"terminalId":"DA","claims":[{"digest":"\#(String(repeating: "AB", count: 32))","keepUntil":1e12}]}"#,
        #"{"terminalId":"DA","claims":[{"digest":"abcd","keepUntil":1e12}]}"#,
        #"{"terminalId":"DA","claims":[{"digest":"\#(goodDigest)","keepUntil":1e12},{"digest":"\#(goodDigest)","keepUntil":1e12}]}"#,
        #"{"terminalId":"DA","claims":[{"digest":"\#(goodDigest)","keepUntil":-1}]}"#,
        #"{"terminalId":"DX","claims":[]}"#,
        #"{"terminalId":"DA","claims":"#,
    ])
    func badFile(text: String) throws {
        let desks = try Desks()
        let directory = desks.folder + "/DA"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + WalletClaimFile.fileName))
        let first = try desks.syncB.pass()
        #expect(first.read.errors.count == 1 && first.read.errors[0].contains(WalletClaimFile.fileName))
        #expect(!first.read.errors[0].contains("\n"))
        #expect(try desks.b.database.liveWalletClaims(now: 0).isEmpty)
        #expect(try desks.syncB.pass().read.errors.isEmpty)
    }

    @Test("a file with more claims than the bound is refused; a desk writes at most the bound, the latest kept")
    func bounded() throws {
        let many = (0...WalletClaimFile.maxClaims).map { i in
            WalletClaimEntry(digest: [UInt8](repeating: 0, count: 28) + withUnsafeBytes(of: UInt32(i).bigEndian, Array.init),
                             keepUntil: 1000 + Double(i), terminalId: "DA")
        }
        let bytes = WalletClaimFile.bytes(terminalId: "DA", many)
        #expect(throws: SyncError.self) { try WalletClaimFile.parse(bytes, from: "DA", path: "f") }
        let database = try AppDatabase.inMemory()
        _ = try database.mergeWalletClaims(many, at: 0)
        try database.write { store in try store.db.execute(sql: "UPDATE wallet_claim SET terminalId = 'DA'") }
        let own = try database.ownWalletClaims(terminalId: "DA", now: 0, limit: WalletClaimFile.maxClaims)
        #expect(own.count == WalletClaimFile.maxClaims && !own.contains { $0.keepUntil == 1000 })
        #expect(try WalletClaimFile.parse(WalletClaimFile.bytes(terminalId: "DA", own), from: "DA", path: "f").count == own.count)
    }
}
