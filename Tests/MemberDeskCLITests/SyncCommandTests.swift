import Foundation
import MemberDeskTestSupport
import Testing

/// `sync now`, `sync status` and `sync syncthing`'s errors, in-process: two desks (two databases
/// and configs) sharing one folder.
@Suite struct SyncCommandTests {
    static func desks() throws -> (InProcessDesk, InProcessDesk, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let a = try InProcessDesk(config: "terminal_name = \"Desk A\"\ndebounce_seconds = 0\n[sync]\nfolder = \"\(folder.path)\"\n")
        let b = try InProcessDesk(config: "terminal_name = \"Desk B\"\n[sync]\nfolder = \"\(folder.path)\"\n")
        return (a, b, folder)
    }

    @Test func syncNowCarriesACheckInAndSaysWhatHappened() async throws {
        let (a, b, folder) = try Self.desks()
        defer { withExtendedLifetime(folder) {} }
        try #require(await a.run(["checkin", "04000001"]).status == 0)
        let wrote = await a.run(["sync", "now"])
        #expect(wrote.status == 0 && wrote.stderr.isEmpty)
        #expect(wrote.stdout == "wrote snapshot snapshot-000000000004.musrl (1 member)\nread 0 files from 0 other desks: 0 new, 0 updated, 0 deleted, 0 unified\n")
        let read = await b.run(["sync", "now"])
        #expect(read.stdout.hasSuffix("read 1 file from 1 other desk: 1 new, 0 updated, 0 deleted, 0 unified\n"), "\(read)")
        let shown = await b.run(["members", "show", "04000001", "--json"])
        #expect(shown.stdout.contains("\"numVisits\":1"))

        let status = await b.run(["sync", "status"])
        #expect(status.status == 0)
        let lines = status.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.last?.hasPrefix("desk Desk A (") == true && lines.last?.contains("1 file, last file") == true, "\(status)")

        let json = await b.run(["sync", "status", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["terminals"] as? [[String: Any]])?.first?["name"] as? String == "Desk A")
        #expect(object?["pending"] as? Int == 0)
    }

    @Test func aPhoneCryptogramReadAtTwoDesksIsSaidBySyncNowAndSyncStatus() async throws {
        let (_, b, folder) = try Self.desks()
        let digest = String(repeating: "ab", count: 32)
        for desk in ["X1", "X2"] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + desk, withIntermediateDirectories: true)
            try #"{"claims":[{"digest":"\#(digest)","keepUntil":1e10}],"terminalId":"\#(desk)"}"#
                .write(toFile: folder.path + "/\(desk)/wallet-claims.json", atomically: true, encoding: .utf8)
        }
        let now = await b.run(["sync", "now"])
        #expect(now.status == 0 && now.stderr.isEmpty, "\(now)")
        #expect(now.stdout.contains("replay read: phone cryptogram abababababababab was read at X1 and X2\n"), "\(now)")
        let status = await b.run(["sync", "status"])
        #expect(status.stdout.contains("replay read: phone cryptogram abababababababab was read at X1 and X2 (found "), "\(status)")
        let json = await b.run(["sync", "status", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["walletReplays"] as? [[String: Any]])?.first?["terminals"] as? [String] == ["X1", "X2"])
        // Said once: the next pass finds nothing new.
        #expect(await !b.run(["sync", "now"]).stdout.contains("replay read"))
    }

    @Test func retireTakesADeskOverAndStatusListsIt() async throws {
        let (a, b, folder) = try Self.desks()
        defer { withExtendedLifetime(folder) {} }
        try #require(await a.run(["checkin", "04000001"]).status == 0)
        _ = await a.run(["sync", "now"])
        _ = await b.run(["sync", "now"])
        let status = await a.run(["sync", "status", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        let aId = try #require(object?["terminalId"] as? String)
        let retired = await b.run(["sync", "retire", aId])
        #expect(retired.status == 0, "\(retired)")
        #expect(retired.stdout.hasPrefix("desk \(aId) retired: this desk now carries its 1 member\n"), "\(retired)")
        #expect(retired.stdout.contains("retired desk Desk A (\(aId)): taken over by"), "\(retired)")
        let json = await b.run(["sync", "retire", aId, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((report?["retired"] as? [String: Any])?["terminalId"] as? String == aId)
        let shown = await b.run(["sync", "status"])
        #expect(shown.stdout.contains("retired desk Desk A (\(aId))"), "\(shown)")
        let unknown = await b.run(["sync", "retire", "no-such-desk"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no desk no-such-desk has been seen in the sync folder"))
    }

    @Test func resetIdGivesANewTerminalId() async throws {
        let (a, _, folder) = try Self.desks()
        defer { withExtendedLifetime(folder) {} }
        try #require(await a.run(["checkin", "04000001"]).status == 0)
        _ = await a.run(["sync", "now"])
        let before = await a.run(["sync", "status", "--json"])
        let old = try #require((try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [String: Any])?["terminalId"] as? String)
        let reset = await a.run(["sync", "reset-id"])
        #expect(reset.status == 0 && reset.stdout.contains("(was \(old))"), "\(reset)")
        let after = await a.run(["sync", "status", "--json"])
        let new = (try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])?["terminalId"] as? String
        #expect(new != nil && new != old)
    }

    @Test func syncWithoutAFolderIsAOneLineError() async throws {
        let desk = try InProcessDesk()
        let result = await desk.run(["sync", "now"])
        #expect(result == .init(status: 1, stdout: "", stderr: "memberdesk: sync is off: set [sync] folder in the config\n"))
        let missing = try InProcessDesk(config: "[sync]\nfolder = \"/nonexistent/memberdesk\"\n")
        let unusable = await missing.run(["sync", "now"])
        #expect(unusable == .init(status: 1, stdout: "",
                                  stderr: "memberdesk: sync folder /nonexistent/memberdesk is unusable: it does not exist\n"))
    }

    @Test func syncthingErrorsAreOneLine() async throws {
        let desk = try InProcessDesk()
        let home = try TemporaryDirectory()
        let noConfig = await desk.run(["sync", "syncthing", "id", "--syncthing-home", home.path])
        #expect(noConfig.status == 1 && noConfig.stderr.contains("Syncthing has no config in \(home.path)"), "\(noConfig)")
        // Nothing listens on port 9 of loopback.
        let down = await desk.run(["sync", "syncthing", "id", "--url", "http://127.0.0.1:9", "--api-key", "k"])
        #expect(down.status == 1 && down.stderr.hasPrefix("memberdesk: Syncthing is not running at http://127.0.0.1:9"), "\(down)")
        #expect(down.stderr.split(separator: "\n").count == 1)
        let badId = await desk.run(["sync", "syncthing", "add", "NOT-AN-ID"])
        #expect(badId.status != 0 && badId.stderr.contains("is not a Syncthing device id"))
    }

    @Test func syncNowFailsWhileAFileIsBadAndNamesIt() async throws {
        let (a, b, folder) = try Self.desks()
        defer { withExtendedLifetime(folder) {} }
        try #require(await a.run(["checkin", "04000001"]).status == 0)
        try #require(await a.run(["sync", "now"]).status == 0)
        let status = await a.run(["sync", "status", "--json"])
        let aId = try #require((try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])?["terminalId"] as? String)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + aId).first { $0.hasPrefix("snapshot-") })
        let path = folder.path + "/" + aId + "/" + name
        try Data("[{\"memberId\": ".utf8).write(to: URL(fileURLWithPath: path))
        for _ in 0..<2 {  // the second time the file is known bad and unchanged: still a failure
            let read = await b.run(["sync", "now"])
            #expect(read.status == 1, "\(read)")
            #expect(read.stderr.hasPrefix("memberdesk: sync: bad file: ") && read.stderr.contains(path), "\(read)")
            #expect(read.stderr.split(separator: "\n").count == 1, "\(read)")
        }
        #expect(await b.run(["members", "list", "--json"]).stdout.isEmpty)
    }

    @Test func aSubfolderThatIsNoDeskIsNotListed() async throws {
        let (a, b, folder) = try Self.desks()
        defer { withExtendedLifetime(folder) {} }
        try #require(await a.run(["checkin", "04000001"]).status == 0)
        try FileManager.default.createDirectory(atPath: folder.path + "/photos", withIntermediateDirectories: true)
        try Data("not ours".utf8).write(to: URL(fileURLWithPath: folder.path + "/photos/team.jpg"))
        _ = await a.run(["sync", "now"])
        let read = await b.run(["sync", "now"])
        #expect(read.status == 0 && read.stdout.hasSuffix("read 1 file from 1 other desk: 1 new, 0 updated, 0 deleted, 0 unified\n"), "\(read)")
        let shown = await b.run(["sync", "status"])
        #expect(!shown.stdout.contains("photos"), "\(shown)")
        #expect(shown.stdout.split(separator: "\n").count == 3, "\(shown)")
    }
}
