import Foundation
import Testing

/// `memberdesk audit`, `inside` and `visits` name members and desks for people, with an id only
/// where one is needed; `--member` finds a deleted member's history; `--operator` finds as the
/// desk's search does.
@Suite struct AuditNamesCommandTests {
    private var unixUser: String { String(validatingCString: getpwuid(geteuid()).pointee.pw_name) ?? "" }

    @Test func theRecordNamesMembersNotIds() async throws {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\n")
        let added = await desk.run(["members", "add", "--pass", "P1", "--name", "Anna Smith"])
        let id = try #require(InProcessDesk.memberId(in: added.stdout))
        try #require(await desk.run(["checkin", "P1"]).status == 0)
        let audit = await desk.run(["audit"])
        #expect(audit.status == 0)
        let lines = audit.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("Front desk") && $0.contains("Anna Smith") }, "\(audit)")
        #expect(!audit.stdout.contains(id), "\(audit)")
        let json = await desk.run(["audit", "--json", "--action", "enrol"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["member"] as? String == "Anna Smith" && object["memberId"] as? String == id)
        #expect(object["desk"] as? String == "Front desk" && (object["deskId"] as? String)?.isEmpty == false)
    }

    @Test func twoMembersOfOneNameAreToldApartByPass() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Bo"]).status == 0)
        try #require(await desk.run(["members", "add", "--pass", "P2", "--name", "Bo"]).status == 0)
        let audit = await desk.run(["audit", "--action", "enrol"]).stdout
        #expect(audit.contains("Bo (pass P1)") && audit.contains("Bo (pass P2)"), "\(audit)")
    }

    @Test func aDeletedMembersHistoryIsFoundByItsPass() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Anna"]).status == 0)
        try #require(await desk.run(["checkin", "P1"]).status == 0)
        try #require(await desk.run(["members", "delete", "P1", "--yes"]).status == 0)
        let audit = await desk.run(["audit", "--member", "p1"])
        let lines = audit.stdout.split(separator: "\n")
        #expect(lines.count == 3 && lines.allSatisfy { $0.contains("Anna (deleted)") }, "\(audit)")
        #expect(lines.first?.contains("  enrol  ") == true && lines.last?.contains("  delete  ") == true, "\(audit)")
    }

    @Test func operatorIsFoundAsTheDesksSearchFinds() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Anna"]).status == 0)
        // The shell's operator is cli:USER: its user name's start, in any case, finds it.
        let start = String(unixUser.prefix(2)).uppercased()
        #expect(await desk.run(["audit", "--operator", start]).stdout.split(separator: "\n").count == 1)
        #expect(await desk.run(["audit", "--operator", "cli"]).stdout.split(separator: "\n").count == 1)
        #expect(await desk.run(["audit", "--operator", "zzq"]) == .init(status: 0, stdout: "no entries\n", stderr: ""))
    }

    @Test func insideAndVisitsNameTheDesks() async throws {
        let (a, b, folder) = try SyncCommandTests.desks()
        defer { withExtendedLifetime(folder) {} }
        try #require(await a.run(["members", "add", "--pass", "P1", "--name", "Anna"]).status == 0)
        try #require(await a.run(["checkin", "P1"]).status == 0)
        let status = await a.run(["sync", "status", "--json"])
        let aId = try #require((try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])?["terminalId"] as? String)
        _ = await a.run(["sync", "now"])
        _ = await b.run(["sync", "now"])
        let inside = await b.run(["inside"])
        #expect(inside.stdout.contains("Anna  pass P1  at Desk A"), "\(inside)")
        let visits = await b.run(["visits"])
        #expect(visits.stdout.contains("Anna  at Desk A"), "\(visits)")
        #expect(!inside.stdout.contains(aId) && !visits.stdout.contains(aId))
        let json = await b.run(["visits", "--json"]).stdout
        #expect(json.contains(#""deskName":"Desk A""#) && json.contains(aId), "\(json)")
    }
}
