import Foundation
import MemberKit
import Testing

/// `checkin` exits, `checkout`, `inside`, `visits` and `stats`' occupancy, in-process.
@Suite struct OccupancyCommandTests {
    static func object(_ line: Substring) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func checkinTogglesAndSaysInside() async throws {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\n[occupancy]\ntap = \"toggle\"\nmin_stay_minutes = 0\n")
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Ann"]).status == 0)
        let entry = await desk.run(["checkin", "P1", "--json"])
        #expect(entry.status == 0)
        let entered = try Self.object(entry.stdout.split(separator: "\n")[0])
        #expect(entered["outcome"] as? String == "checkedIn" && entered["inside"] as? Bool == true)
        let exit = await desk.run(["checkin", "P1", "--json"])
        #expect(exit.status == 0)
        let exited = try Self.object(exit.stdout.split(separator: "\n")[0])
        #expect(exited["outcome"] as? String == "checkedOut" && exited["inside"] as? Bool == false)
        #expect(exited["numVisits"] as? Int == 1)
    }

    @Test func checkoutInsideAndVisits() async throws {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\n[occupancy]\ncapacity = 80\n")
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Ann"]).status == 0)
        try #require(await desk.run(["members", "add", "--pass", "P2", "--name", "Bo"]).status == 0)
        #expect(await desk.run(["checkout", "P1"]) == .init(status: 3, stdout: "Ann is not inside\n", stderr: ""))
        #expect(await desk.run(["checkout", "NOPE"]) == .init(status: 3, stdout: "Unknown card\n", stderr: ""))
        try #require(await desk.run(["checkin", "P1"]).status == 0)
        try #require(await desk.run(["checkin", "P2"]).status == 0)

        let inside = await desk.run(["inside", "--json"])
        #expect(inside.status == 0)
        let lines = inside.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let first = try Self.object(lines[0])
        #expect(first["passId"] as? String == "P1" && first["username"] as? String == "Ann")
        #expect(Set(first.keys) == ["memberId", "passId", "username", "since", "desk", "deskName", "guests"])
        #expect(lines[2] == #"{"capacity":80,"inside":2}"#)
        #expect((await desk.run(["inside"])).stdout.hasSuffix("2 inside of 80\n"))

        let out = await desk.run(["checkout", "P1", "--json"])
        #expect(out.status == 0)
        #expect(try Self.object(out.stdout.split(separator: "\n")[0])["outcome"] as? String == "checkedOut")
        let stats = await desk.run(["stats", "--json"])
        let statsObject = try Self.object(stats.stdout.split(separator: "\n")[0])
        #expect(statsObject["inside"] as? Int == 1 && statsObject["capacity"] as? Int == 80)

        let visits = await desk.run(["visits", "--json"])
        let spans = try visits.stdout.split(separator: "\n").map(Self.object)
        #expect(spans.count == 2)
        #expect(spans[0]["exitKind"] as? String == "staff" && spans[0]["exited"] is String)
        #expect(spans[1]["exited"] is NSNull && spans[1]["source"] as? String == "manual")
        #expect(Set(spans[0].keys) == ["visitId", "memberId", "username", "entered", "exited", "exitKind", "desk", "deskName", "source"])
        let ann = await desk.run(["visits", "--member", "P1", "--since", "2000-01-01", "--json"])
        #expect(ann.stdout.split(separator: "\n").count == 1)
        #expect(await desk.run(["visits", "--until", "2000-01-01"]).stdout == "0 visits\n")
        #expect((await desk.run(["visits", "--since", "yesterday"])).status == 64)
    }

    @Test func checkoutAllNeedsYesWithoutATerminal() async throws {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\n")
        try #require(await desk.run(["members", "add", "--pass", "P1"]).status == 0)
        try #require(await desk.run(["checkin", "P1"]).status == 0)
        let refused = await desk.run(["checkout", "--all"])
        #expect(refused.status == 1 && refused.stderr.contains("--yes"))
        #expect((await desk.run(["inside"])).stdout.hasSuffix("1 inside\n"))
        #expect(await desk.run(["checkout", "--all", "--yes"]) == .init(status: 0, stdout: "1 member checked out\n", stderr: ""))
        #expect(await desk.run(["inside"]) == .init(status: 0, stdout: "0 inside\n", stderr: ""))
    }

    @Test func capacityRefusalExitsThree() async throws {
        let desk = try InProcessDesk(config: "[occupancy]\ncapacity = 1\n")
        try #require(await desk.run(["members", "add", "--pass", "P1"]).status == 0)
        try #require(await desk.run(["members", "add", "--pass", "P2"]).status == 0)
        try #require(await desk.run(["checkin", "P1"]).status == 0)
        let full = await desk.run(["checkin", "P2", "--json"])
        #expect(full.status == 3)
        #expect(try Self.object(full.stdout.split(separator: "\n")[0])["reason"] as? String == "capacity")
    }

    @Test func badOccupancyConfigNamesTheKey() async throws {
        for (config, key) in [("[occupancy]\nclosing_time = \"25:00\"\n", "occupancy.closing_time"),
                              ("[occupancy]\ncapacity = -1\n", "occupancy.capacity"),
                              ("[occupancy]\ncapacity = 2.5\n", "occupancy.capacity"),
                              ("[occupancy]\ntap = \"sideways\"\n", "occupancy.tap")] {
            let desk = try InProcessDesk(config: config)
            let shown = await desk.run(["inside"])
            #expect(shown.status == 1 && shown.stderr.contains(key), "\(config)")
        }
    }
}
