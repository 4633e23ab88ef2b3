import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

extension FrontDeskTerminalTests {
    /// Issue 28 item 3, as a newcomer met it: the real desk in tmux at `Inside 2/2`, F4 with a
    /// new pass and Enter at the enrol prompt. It says "Full (2/2)" as `memberdesk checkin` does,
    /// adds no member, and the broker sees the refusal but no door message for it.
    @Test(.enabled(if: MosquittoBroker.isInstalled, "needs Debian's mosquitto"))
    func f4EnrolmentAtCapacityIsRefusedAndTheDoorStaysShut() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        defer { broker.stop() }
        let binary = try DeskBinary()
        try binary.writeConfig("""
            terminal_name = "Gym"
            [reader]
            name = "no reader for the front-desk tests"
            [occupancy]
            capacity = 2
            [mqtt]
            url = "\(broker.url)"
            discovery = false

            """)
        let sub = try MQTTTestSubscriber(url: broker.url, filters: ["memberdesk/gym/#"])
        defer { sub.close() }
        for (name, pass) in [("Ana López", "04A1B2C3"), ("Bo Berg", "04A1B2C4")] {
            try #require(binary.run(["members", "add", "--pass", pass, "--name", name]).status == 0)
            try #require(binary.run(["checkin", pass]).status == 0)
        }
        let tmux = try TmuxSession(command: [DeskBinary.path], environment: binary.terminalEnvironment,
                                   directory: binary.home.path, width: 80, height: 24)
        defer { tmux.kill() }
        try tmux.waitFor("Inside 2/2")
        // The two entries reach the broker (sent by `checkin`, or by the desk from the queue).
        #expect(waitUntil(timeout: 20) { sub.messages(on: "memberdesk/gym/door").count == 2 })

        try tmux.press("F4")
        try tmux.waitFor("Type or paste a pass id")
        try tmux.type("new-pass-1")
        try tmux.press("Enter")
        try tmux.waitFor("Pass new-pass-1 is not a member")
        try tmux.type("Nia")
        try tmux.press("Enter")
        let screen = try tmux.waitFor("Full (2/2)")
        #expect(!screen.contains("Inside 3/2"))
        // F4's pass is first unknown (asked about), then refused for capacity at the prompt's Enter.
        #expect(waitUntil(timeout: 20) { sub.messages(on: "memberdesk/gym/refused").count == 2 })
        let reasons = try sub.messages(on: "memberdesk/gym/refused").map { text in
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return "\(json["passId"] as? String ?? "?"): \(json["reason"] as? String ?? "?")"
        }
        #expect(reasons == ["new-pass-1: unknownPass", "new-pass-1: capacity"])
        #expect(sub.messages(on: "memberdesk/gym/door").count == 2, "no door for the refused enrolment")
        #expect(try binary.run(["members", "show", "new-pass-1"]).status != 0)
        #expect(try binary.run(["checkin", "new-pass-1"]).stdout == "Full (2/2)\n")

        try tmux.press("F10")
        try tmux.waitFor("[exited 0]")
    }
}
