import Foundation
import Testing

/// `checkin --json` and `checkout --json` say who the check-in is recorded under (`cli:USER` at
/// the shell), and `audit` shows it; a staff card is not checked in.
@Suite struct CheckInOperatorCommandTests {
    private var user: String { "cli:" + (String(validatingCString: getpwuid(geteuid()).pointee.pw_name) ?? "") }

    private static func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func checkinAndCheckoutNameTheUnixUser() async throws {
        let desk = try InProcessDesk(config: "debounce_seconds = 0\n")
        try #require(await desk.run(["members", "add", "--pass", "P1", "--name", "Ann"]).status == 0)
        let entry = try Self.object(await desk.run(["checkin", "P1", "--json"]).stdout)
        #expect(entry["operator"] as? String == user)
        let exit = try Self.object(await desk.run(["checkout", "P1", "--json"]).stdout)
        #expect(exit["operator"] as? String == user && exit["outcome"] as? String == "checkedOut")
        let audit = await desk.run(["audit", "--member", "P1", "--json"])
        let lines = try audit.stdout.split(separator: "\n").map { try Self.object(String($0)) }
        #expect(lines.map { $0["action"] as? String } == ["enrol", "manual-checkin", "exit"])
        #expect(lines.dropFirst().allSatisfy { $0["operator"] as? String == user && $0["method"] as? String == "cli" })
    }

    @Test func aStaffCardIsRefusedWithAReason() async throws {
        let desk = try InProcessDesk()
        try #require(await desk.run(["staff", "add", "Mia", "--role", "manager", "--card", "04AABBCC", "--pin-stdin"],
                                    input: ["4821"]).status == 0)
        let refused = await desk.run(["checkin", "04:aa:bb:cc"])
        #expect(refused == .init(status: 3, stdout: "Staff card: not a member card (sign in with it at the desk)\n", stderr: ""))
        let json = try Self.object(await desk.run(["checkin", "04AABBCC", "--json"]).stdout)
        #expect(json["outcome"] as? String == "staffCard" && json["reason"] as? String == "staffCard")
        #expect(await desk.run(["members", "show", "04AABBCC"]).status != 0)
    }
}
