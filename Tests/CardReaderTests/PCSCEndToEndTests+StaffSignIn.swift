import Foundation
import MemberDeskTestSupport
import Testing

/// Issue #19: the real binary in tmux, locked (an operator exists). A staff card tapped on the
/// virtual reader and a PIN typed sign the manager in; a suspension made then is in
/// `audit --json` under the manager's name. Part of the serialized pcscd suite (one reader).
extension PCSCEndToEndTests {
    @Test func aStaffCardAndAPINSignInAndTheRecordNamesTheOperator() throws {
        let binary = try DeskBinary()
        try binary.writeConfig("[reader]\nname = \"\(PCSCDaemon.virtualReader)\"\n[beacons]\nenabled = false\n")
        try #require(binary.run(["members", "add", "--pass", "04112233", "--name", "Anna Suspendable"]).status == 0)
        try #require(binary.run(["staff", "add", "Mia", "--role", "manager", "--card", Self.uidPass, "--pin-stdin"],
                                stdin: "4821\n").status == 0)
        // Wide enough for the reader's whole name beside Locked and Inside on the status bar.
        let tmux = try TmuxSession(command: [DeskBinary.path], environment: binary.terminalEnvironment, directory: binary.home.path, width: 140, height: 40)
        defer { tmux.kill() }
        try tmux.waitFor("locked, with the reader") { $0.contains("Locked") && $0.contains("Reader: \(PCSCDaemon.virtualReader)") }

        // The staff card is a sign-in, not a check-in: the dialog names the card and asks for the PIN.
        let card = VirtualCard(.uidOnly(uid: Self.uid))
        try card.insert()
        try tmux.waitFor("staff card \(Self.uidPass)")
        card.remove()
        try tmux.type("4821")
        try tmux.press("Enter")
        try tmux.waitFor("On duty: Mia")

        // Suspend the member through the form (status is the fourth field).
        try tmux.press("Home")
        try tmux.press("F2")
        try tmux.waitFor("Visit history")
        for _ in 0..<3 { try tmux.press("Down") }
        try tmux.press("Right")
        try tmux.waitFor("suspended")
        try tmux.press("Enter")
        #expect(waitUntil {
            (try? binary.run(["members", "show", "04112233", "--json"]).stdout.contains("\"status\":\"suspended\"")) == true
        })
        try tmux.press("F10")
        try tmux.waitFor("[exited 0]")

        let audit = try binary.run(["audit", "--action", "suspend", "--json"])
        let lines = audit.stdout.split(separator: "\n").compactMap { Self.json(String($0)) }
        #expect(lines.count == 1, "audit: \(audit.stdout) \(audit.stderr)")
        #expect(lines.first?["operator"] as? String == "Mia")
        #expect(lines.first?["method"] as? String == "manual")
        let signIns = try binary.run(["audit", "--action", "sign-in", "--json"]).stdout
        #expect(signIns.contains("\"operator\":\"Mia\"") && signIns.contains("\"method\":\"tap\""))
        // The card was never checked in as a member's.
        #expect(try binary.run(["members", "show", Self.uidPass]).status != 0)
    }
}
