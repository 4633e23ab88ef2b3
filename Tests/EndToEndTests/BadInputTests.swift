import Foundation
import MemberDeskTestSupport
import Testing

/// Bad input gets one clear line on stderr, a non-zero exit, and changes no data.
@Suite struct BadInputTests {
    private func databaseBytes(_ desk: DeskBinary) throws -> Data {
        // Checkpoint-independent: compare what the CLI reports, plus the main file's existence.
        let list = try desk.run(["members", "list", "--json", "--limit", "0"])
        return Data(list.stdout.utf8)
    }

    private func expectOneLineError(_ result: DeskBinary.Result, contains text: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status != 0, sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("memberdesk: "), sourceLocation: sourceLocation)
        #expect(result.stderr.contains(text), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), sourceLocation: sourceLocation)
    }

    @Test func unknownIdsAndMalformedPasses() throws {
        let desk = try DeskBinary()
        try desk.run(["members", "add", "--pass", "P1", "--name", "Ann"])
        try desk.run(["checkin", "P1"])
        let before = try databaseBytes(desk)
        expectOneLineError(try desk.run(["members", "show", "nope"]), contains: "no member")
        expectOneLineError(try desk.run(["members", "edit", "nope", "--name", "x"]), contains: "no member")
        expectOneLineError(try desk.run(["members", "delete", "nope"]), contains: "no member")
        expectOneLineError(try desk.run(["checkin", "a|b|c"]), contains: "4 '|'-separated fields")
        expectOneLineError(try desk.run(["checkin", "bad\u{1}pass"]), contains: "binary or control")
        expectOneLineError(try desk.run(["checkin", String(repeating: "x", count: 300)]), contains: "too long")
        expectOneLineError(try desk.run(["checkin", "   "]), contains: "empty")
        expectOneLineError(try desk.run(["members", "add", "--pass", "P1"]), contains: "already belongs")
        expectOneLineError(try desk.run(["members", "edit", "P1", "--expires", "next tuesday"]), contains: "not a date")
        expectOneLineError(try desk.run(["members", "edit", "P1", "--status", "banned"]), contains: "status")
        expectOneLineError(try desk.run(["members", "add", "--pass", "P9", "--email", "not-an-email"]), contains: "email")
        expectOneLineError(try desk.run(["members", "list", "--limit", "-3"]), contains: "limit")
        expectOneLineError(try desk.run(["frobnicate"]), contains: "frobnicate")
        #expect(try databaseBytes(desk) == before)
    }

    @Test func unusableDatabasePaths() throws {
        var desk = try DeskBinary()
        expectOneLineError(try desk.run(["members", "list", "--db", "/etc/passwd/members.sqlite"]), contains: "/etc/passwd")
        let garbage = desk.home.file("garbage.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: garbage))
        expectOneLineError(try desk.run(["checkin", "P1", "--db", garbage]), contains: "not a memberdesk database")
        #expect(try Data(contentsOf: URL(fileURLWithPath: garbage)) == Data(repeating: 0x41, count: 4096))
        desk.extraEnvironment["MEMBERDESK_DB"] = garbage
        expectOneLineError(try desk.run(["stats"]), contains: "not a memberdesk database")
    }

    /// A database the user may read but not write: reads work, writes fail cleanly.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/setpriv")))
    func readOnlyDatabase() throws {
        let desk = try DeskBinary()
        try desk.run(["members", "add", "--pass", "P1", "--name", "Ann"])
        let folder = (desk.databasePath as NSString).deletingLastPathComponent
        for dir in [folder, (folder as NSString).deletingLastPathComponent] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: desk.databasePath)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: desk.home.path)
        let asNobody = { (args: [String]) throws -> DeskBinary.Result in
            var d = desk
            d.extraEnvironment["MEMBERDESK_DB"] = desk.databasePath
            return try d.run(["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", DeskBinary.path] + args,
                             viaExecutable: "/usr/bin/setpriv")
        }
        let before = try desk.run(["members", "show", "P1", "--json"]).stdout
        expectOneLineError(try asNobody(["checkin", "P1"]), contains: "read-only")
        expectOneLineError(try asNobody(["members", "edit", "P1", "--name", "Zed"]), contains: "read-only")
        #expect(try desk.run(["members", "show", "P1", "--json"]).stdout == before)
    }

    @Test func corruptConfig() throws {
        let desk = try DeskBinary()
        try desk.run(["members", "add", "--pass", "P1"])
        let before = try databaseBytes(desk)
        let dir = desk.home.path + "/config/memberdesk"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (text, message) in [
            ("debounce_seconds = [", "line 1"),
            ("colour = \"red\"", "unknown config key 'colour'"),
            ("debounce_seconds = \"x\"", "debounce_seconds"),
            ("\u{FF}\u{FE}", "config"),
        ] {
            try text.write(toFile: dir + "/config.toml", atomically: true, encoding: .isoLatin1)
            expectOneLineError(try desk.run(["checkin", "P1"]), contains: message)
        }
        let other = desk.home.file("other.toml")
        try "enrolment = 7".write(toFile: other, atomically: true, encoding: .utf8)
        expectOneLineError(try desk.run(["checkin", "P1", "--config", other]), contains: "enrolment")
        try FileManager.default.removeItem(atPath: dir + "/config.toml")
        #expect(try databaseBytes(desk) == before)
    }
}
