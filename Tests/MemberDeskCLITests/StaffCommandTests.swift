import Foundation
import Testing

/// `staff` and `audit`, in-process: the whole output and the exit status.
@Suite struct StaffCommandTests {
    private var user: String { "cli:" + (String(validatingCString: getpwuid(geteuid()).pointee.pw_name) ?? "") }

    @Test func addListChangeAndRemoveOperators() async throws {
        let desk = try InProcessDesk()
        #expect(await desk.run(["staff", "add", "Mia", "--role", "manager", "--card", "04:aa:bb:cc", "--pin-stdin"], input: ["4821"])
                == .init(status: 0, stdout: "added Mia (manager, card 04AABBCC)\n", stderr: ""))
        #expect(await desk.run(["staff", "add", "Bo", "--role", "desk", "--pin-stdin"], input: ["123456"]).status == 0)
        let listed = await desk.run(["staff", "list", "--json"])
        #expect(listed.status == 0)
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix(#"{"added":""#) && lines[0].contains(#""name":"Bo""#))
        #expect(lines[1].contains(#""card":"04AABBCC","lastSignIn":null,"name":"Mia","role":"manager""#))
        #expect(!listed.stdout.contains("argon2"))
        #expect(await desk.run(["staff", "card", "Bo", "04112233"]) == .init(status: 0, stdout: "Bo now signs in with card 04112233\n", stderr: ""))
        #expect(await desk.run(["staff", "pin", "Bo", "--pin-stdin"], input: ["9999"]) == .init(status: 0, stdout: "new PIN for Bo\n", stderr: ""))
        #expect(await desk.run(["staff", "remove", "Bo"]) == .init(status: 0, stdout: "removed Bo\n", stderr: ""))
        let table = await desk.run(["staff", "list"])
        #expect(table.stdout.hasPrefix("NAME  ROLE     CARD      ADDED") && table.stdout.contains("Mia   manager  04AABBCC"))
        #expect(!table.stdout.contains("Bo"))
    }

    @Test func badInputIsOneLineAndChangesNothing() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["staff", "add", "Mia", "--role", "manager", "--card", "04AABBCC", "--pin-stdin"], input: ["4821"]).status == 0)
        try #require(await desk.run(["members", "add", "--pass", "04112233", "--name", "Anna"]).status == 0)
        #expect(await desk.run(["staff", "add", "Bo", "--role", "desk", "--pin-stdin"], input: ["12a4"])
                == .init(status: 1, stdout: "", stderr: "memberdesk: a PIN is digits only (4 to 12)\n"))
        #expect(await desk.run(["staff", "add", "Bo", "--role", "desk", "--pin-stdin"], input: ["123"])
                == .init(status: 1, stdout: "", stderr: "memberdesk: a PIN is 4 to 12 digits, not 3\n"))
        #expect(await desk.run(["staff", "add", "mia", "--role", "desk", "--pin-stdin"], input: ["1234"])
                == .init(status: 1, stdout: "", stderr: "memberdesk: there is already an operator named 'Mia'\n"))
        #expect(await desk.run(["staff", "add", "Bo", "--role", "desk", "--card", "04112233", "--pin-stdin"], input: ["1234"])
                == .init(status: 1, stdout: "", stderr: "memberdesk: card 04112233 is a member's card; a staff card must be its own\n"))
        #expect(await desk.run(["members", "add", "--pass", "04AABBCC"])
                == .init(status: 1, stdout: "", stderr: "memberdesk: card 04AABBCC is a staff card; a member card must be its own\n"))
        #expect(await desk.run(["staff", "add", "Bo", "--role", "boss", "--pin-stdin"], input: ["1234"]).status == 64)
        #expect(await desk.run(["staff", "add", "Bo", "--role", "desk"], input: [])
                == .init(status: 1, stdout: "", stderr: "memberdesk: standard input is not a terminal: give the PIN on standard input with --pin-stdin\n"))
        #expect(await desk.run(["staff", "remove", "Nobody"]) == .init(status: 1, stdout: "", stderr: "memberdesk: no operator named 'Nobody'\n"))
        #expect(await desk.run(["staff", "list", "--json"]).stdout.split(separator: "\n").count == 1)
    }

    @Test func auditShowsWhoDidWhat() async throws {
        let desk = try InProcessDesk()
        let added = await desk.run(["members", "add", "--pass", "04112233", "--name", "Anna"])
        let id = try #require(InProcessDesk.memberId(in: added.stdout))
        try #require(await desk.run(["members", "edit", id, "--status", "suspended"]).status == 0)
        try #require(await desk.run(["staff", "add", "Mia", "--role", "desk", "--pin-stdin"], input: ["4821"]).status == 0)
        let suspended = await desk.run(["audit", "--json", "--member", "04112233", "--action", "suspend"])
        #expect(suspended.status == 0 && suspended.stderr.isEmpty)
        let line = try #require(suspended.stdout.split(separator: "\n").first.map(String.init))
        #expect(suspended.stdout.split(separator: "\n").count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["time", "desk", "deskId", "operator", "method", "action", "memberId", "member", "detail"])
        #expect(object["operator"] as? String == user && object["method"] as? String == "cli" && object["memberId"] as? String == id)
        #expect(object["desk"] as? String == "Front desk")
        let all = await desk.run(["audit", "--operator", user])
        #expect(all.stdout.split(separator: "\n").count == 3)
        #expect(await desk.run(["audit", "--since", "2999-01-01"]) == .init(status: 0, stdout: "no entries\n", stderr: ""))
        #expect(await desk.run(["audit", "--action", "dance"]).status == 64)
        #expect(await desk.run(["audit", "--since", "yesterday"]).status == 64)
    }
}

@Suite struct ExchangeAuditTests {
    @Test func exportAndImportAreRecordedADryRunIsNot() async throws {
        let front = try InProcessDesk(), back = try InProcessDesk()
        try #require(await front.run(["members", "add", "--pass", "P1", "--name", "Ann"]).status == 0)
        let file = front.home.path + "/out.musrl"
        try #require(await front.run(["export", file]).status == 0)
        let exported = await front.run(["audit", "--action", "export", "--json"])
        #expect(exported.stdout.contains(#""detail":{"exported":"1 member","file":"\#(file)","format":"musrl"}"#), "\(exported)")
        try #require(await back.run(["import", file, "--dry-run"]).status == 0)
        #expect(await back.run(["audit", "--action", "import"]) == .init(status: 0, stdout: "no entries\n", stderr: ""))
        try #require(await back.run(["import", file, "--yes"]).status == 0)
        let imported = await back.run(["audit", "--action", "import", "--json"])
        #expect(imported.stdout.split(separator: "\n").count == 1 && imported.stdout.contains(#""new":"1""#), "\(imported)")
    }
}
