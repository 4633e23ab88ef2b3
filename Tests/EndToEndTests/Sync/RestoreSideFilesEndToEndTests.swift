import Foundation
import MemberDeskTestSupport
import Testing

/// Issue #45's last gap through the built binary: a restored desk's earlier self wrote an operator
/// and an audited edit after the backup; once `sync status` says its subfolder can go and it is
/// deleted, a desk that joins later lists the same audit record and the same operators as the
/// two desks that were there, because the restored desk's own side files carry them.
@Suite(.serialized) struct RestoreSideFilesEndToEndTests {
    private let day = "2026-11-20 "

    private func desk(_ name: String, folder: String) throws -> DeskBinary {
        let desk = try DeskBinary()
        try desk.writeConfig("terminal_name = \"\(name)\"\n[sync]\nfolder = \"\(folder)\"\n")
        return desk
    }

    private func ok(_ desk: DeskBinary, _ arguments: [String], at time: String, stdin: String? = nil) throws -> String {
        let result = try desk.run(arguments, at: day + time, stdin: stdin)
        try #require(result.status == 0, "\(arguments): \(result.stdout)\(result.stderr)")
        return result.stdout
    }

    private func sync(_ desk: DeskBinary, at time: String) throws {
        let out = try ok(desk, ["sync", "now"], at: time)
        #expect(!out.contains("error"), "\(out)")
    }

    /// The retired desks `sync status --json` lists on `desk`.
    private func retired(_ desk: DeskBinary, at time: String) throws -> [[String: Any]] {
        let status = try #require(try JSONSerialization.jsonObject(with: Data(try ok(desk, ["sync", "status", "--json"], at: time).utf8))
            as? [String: Any])
        return status["retired"] as? [[String: Any]] ?? []
    }

    @Test func aDeskJoiningAfterTheEarlierSelfsSubfolderWentListsTheSameAuditAndOperators() throws {
        let shared = try TemporaryDirectory()
        let a = try desk("Front desk", folder: shared.path), b = try desk("Back desk", folder: shared.path)
        _ = try ok(a, ["members", "add", "--pass", "GEORGE", "--name", "George"], at: "05:50:00")
        _ = try ok(a, ["staff", "add", "Mia", "--role", "manager", "--pin-stdin"], at: "05:51:00", stdin: "4821\n")
        _ = try ok(a, ["checkin", "GEORGE"], at: "06:00:00")
        try sync(a, at: "06:40:00")
        try sync(b, at: "06:41:00")
        _ = try ok(a, ["backup", a.home.file("backup-0700.sqlite")], at: "07:00:00")
        // After the backup: an operator added, an audited edit and a visit, all by the earlier self.
        _ = try ok(a, ["staff", "add", "Bo", "--role", "desk", "--pin-stdin"], at: "07:30:00", stdin: "1357\n")
        _ = try ok(a, ["members", "edit", "GEORGE", "--name", "George Best"], at: "07:40:00")
        _ = try ok(a, ["checkin", "GEORGE"], at: "08:00:00")
        try sync(a, at: "08:01:00")
        try sync(b, at: "08:02:00")
        _ = try ok(a, ["restore", a.home.file("backup-0700.sqlite"), "--yes"], at: "08:10:00")
        _ = try ok(a, ["checkin", "GEORGE"], at: "09:00:00")

        // Both desks sync until each says the earlier self's subfolder can go (a few rounds at most).
        var earlier: String?
        for round in 1...8 {
            try sync(round % 2 == 1 ? a : b, at: "09:\(String(format: "%02d", round)):00")
            let listed = try [a, b].map { try retired($0, at: "09:20:00") }
            earlier = listed[0].first?["terminalId"] as? String
            if listed.allSatisfy({ $0.count == 1 && $0[0]["waitingFor"] as? [String] == [] && $0[0]["uncarriedSideFiles"] as? [String] == [] }),
               round >= 4 { break }
        }
        let earlierSelf = try #require(earlier)
        for desk in [a, b] {
            let text = try ok(desk, ["sync", "status"], at: "09:21:00")
            #expect(text.contains("its subfolder can be deleted"), "\(text)")
        }
        try FileManager.default.removeItem(atPath: shared.path + "/" + earlierSelf)
        try sync(a, at: "09:22:00")
        try sync(b, at: "09:23:00")

        let c = try desk("Side desk", folder: shared.path)
        try sync(c, at: "09:30:00")
        let audits = try [a, b, c].map { try ok($0, ["audit", "--json"], at: "09:40:00") }
        let staff = try [a, b, c].map { try ok($0, ["staff", "list", "--json"], at: "09:40:00") }
        #expect(audits[0].contains("George Best") && staff[0].contains("\"Bo\""), "\(audits[0])\n\(staff[0])")
        #expect(audits[1] == audits[0] && audits[2] == audits[0], "B:\n\(audits[1])\nC:\n\(audits[2])\nA:\n\(audits[0])")
        #expect(staff[1] == staff[0] && staff[2] == staff[0], "B:\n\(staff[1])\nC:\n\(staff[2])\nA:\n\(staff[0])")
    }
}
