import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
import Testing

/// Text that once crashed the process or took over the staff's terminal (issues 34 and 28 #9),
/// through the real binary: a usage error of one line, or a safe print.
@Suite struct UnsafeTextTests {
    /// What the `FrontDeskText` fuzz target found: "70,11", U+036B, two U+FFFD, "3", U+FFFD, "4".
    /// Foundation's DateFormatter died on it ("Incorrect range CFRange", exit 132).
    static let crashingDate = "70,11\u{036B}\u{FFFD}\u{FFFD}3\u{FFFD}4"

    private func expectUsageError(_ result: DeskBinary.Result, naming text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 64, "\(result.status) \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("memberdesk: ") && result.stderr.contains(text), "stderr: \(result.stderr)",
                sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
    }

    @Test func theDateThatCrashedFoundationIsAUsageError() throws {
        let desk = try DeskBinary()
        try desk.run(["members", "add", "--pass", "EXP-1", "--name", "Ann"])
        let before = try desk.run(["members", "show", "EXP-1", "--json"]).stdout
        let bad = Self.crashingDate
        // Every message names the bad date it refuses (issue 28 #14).
        expectUsageError(try desk.run(["members", "edit", "EXP-1", "--expires", bad]), naming: "--expires '\(bad)' is not a date")
        expectUsageError(try desk.run(["audit", "--since", bad]), naming: "--since '\(bad)' is not a date")
        expectUsageError(try desk.run(["visits", "--since", bad]), naming: "--since '\(bad)' is not a date")
        expectUsageError(try desk.run(["report", "--from", bad, "--out", desk.home.file("r.html")]), naming: "--from '\(bad)' is not a date")
        #expect(try desk.run(["members", "show", "EXP-1", "--json"]).stdout == before)
    }

    @Test func aNameWithAnEscapeSequenceIsRefused() throws {
        let desk = try DeskBinary()
        let added = try desk.run(["members", "add", "--pass", "P1", "--name", "\u{1B}[2J"])
        expectUsageError(added, naming: "--name: a control character (U+001B) at character 1")
        #expect(!added.stderr.contains("\u{1B}"))
        expectUsageError(try desk.run(["members", "add", "--pass", "P1", "--name", String(repeating: "x", count: 20_000)]),
                         naming: "--name: 20000 characters; at most 200")
        #expect(try desk.run(["members", "list", "--json"]).stdout.isEmpty)
    }

    /// A database that already holds such a name (from an older desk's sync) prints it safely.
    @Test func aStoredEscapeSequencePrintsSafely() throws {
        let desk = try DeskBinary()
        try desk.run(["members", "add", "--pass", "SETUP"])  // creates the database
        let database = try AppDatabase.open(path: desk.databasePath)
        try database.insertMember(MemberRecord(memberId: UUID().uuidString, passId: "EVIL-1", username: "\u{1B}[2J\u{1B}[31mEve\u{9B}1m\u{202E}x\nBob",
                                               timeStampAdded: 1, note: "a\u{7}b", modifiedAt: 1, modifiedBy: "old-desk"))
        let checkIn = try desk.run(["checkin", "EVIL-1"])
        #expect(checkIn.stdout == "Welcome, �[2J�[31mEve�1m�x�Bob — first visit\n", "\(checkIn.stdout.debugDescription)")
        for arguments in [["members", "list"], ["members", "show", "EVIL-1"], ["inside"],
                          ["members", "list", "--json"], ["checkin", "EVIL-1", "--json"]] {
            let result = try desk.run(arguments)
            let output = result.stdout + result.stderr
            #expect(!output.unicodeScalars.contains(where: { PlainText.isControl($0) && $0 != "\n" }),
                    "\(arguments): \(output.debugDescription)")
            #expect(output.contains("Eve"), "\(arguments): \(output)")
        }
        // One member, one line: the name's newline does not start a row of its own.
        let list = try desk.run(["members", "list"]).stdout
        #expect(list.split(separator: "\n").contains { $0.contains("Eve") && $0.contains("�Bob") }, "\(list)")
    }
}
