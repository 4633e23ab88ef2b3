import Foundation
import GRDB
import MemberDeskTestSupport
import MemberKit
import Testing

/// `memberdesk export` and `memberdesk import`, run as the built binary against real SQLite files.
@Suite("Sync commands", .serialized)
struct SyncCommandTests {
    /// Everything sync compares: members, counters and aliases, read straight from the file.
    static func dump(_ path: String) throws -> String {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            var lines = try Row.fetchAll(db, sql: "SELECT * FROM member ORDER BY memberId").map { "\($0)" }
            lines += try Row.fetchAll(db, sql: "SELECT * FROM visit_counter ORDER BY memberId, terminalId").map { "\($0)" }
            lines += try Row.fetchAll(db, sql: "SELECT * FROM member_alias ORDER BY memberId").map { "\($0)" }
            return lines.joined(separator: "\n")
        }
    }

    static func terminalWithMembers() throws -> DeskBinary {
        let desk = try DeskBinary()
        try desk.run(["members", "add", "--pass", "04A1B2C3", "--name", "Ann, \"the\" =boss"])
        try desk.run(["members", "add", "--pass", "04A1B2C4", "--name", "李 😀 second line"])
        #expect(try desk.run(["checkin", "04A1B2C3"]).status == 0)
        return desk
    }

    @Test("export then import on another terminal: preview without a TTY writes nothing; --yes applies")
    func exportImport() throws {
        let source = try Self.terminalWithMembers()
        let target = try DeskBinary()
        try target.run(["members", "add", "--pass", "0499", "--name", "Local"])
        for format in ["musrl", "mucsv", "csv"] {
            let file = source.home.file("list.\(format)")
            let exported = try source.run(["export", file])
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.stderr.isEmpty)  // no progress bar when stderr is not a terminal
            #expect(exported.stdout.contains("exported 2 members"))
            let before = try Self.dump(target.databasePath)
            let preview = try target.run(["import", file])
            #expect(preview.status == 0)
            #expect(preview.stdout.contains("2 new, 0 updated"))
            #expect(preview.stdout.contains("nothing written"))
            let dryRun = try target.run(["import", file, "--dry-run", "--json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(dryRun.stdout.utf8)) as? [String: Any])
            #expect(object["new"] as? Int == 2)
            #expect(object["applied"] as? Bool == false)
            #expect(try Self.dump(target.databasePath) == before)
        }
        let applied = try target.run(["import", source.home.file("list.musrl"), "--yes"])
        #expect(applied.status == 0)
        #expect(applied.stdout.contains("2 new"))
        let list = try target.run(["members", "list", "--json"])
        #expect(list.stdout.contains("Ann, \\\"the\\\" =boss"))
        #expect(list.stdout.split(separator: "\n").count == 3)
        // Importing it again, or this terminal's own export, changes nothing.
        let after = try Self.dump(target.databasePath)
        #expect(try target.run(["import", source.home.file("list.mucsv"), "--yes"]).stdout.contains("0 new, 0 updated"))
        try target.run(["export", target.home.file("own.musrl")])
        #expect(try target.run(["import", target.home.file("own.musrl"), "--yes"]).stdout.contains("0 new, 0 updated, 0 unified, 0 deleted, 3 unchanged"))
        #expect(try Self.dump(target.databasePath) == after)
    }

    @Test("--format overrides the extension; --clubkit leaves out memberdesk's key")
    func formatAndClubKit() throws {
        let desk = try Self.terminalWithMembers()
        let file = desk.home.file("list.txt")
        #expect(try desk.run(["export", file]).stderr.contains("cannot tell the format"))
        #expect(try desk.run(["export", file, "--format", "musrl", "--clubkit"]).status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("[{\"memberId\":"))
        #expect(!text.contains("memberdesk"))
    }

    @Test("a bad file is one clear line on stderr, and nothing is written")
    func badFile() throws {
        let desk = try Self.terminalWithMembers()
        let before = try Self.dump(desk.databasePath)
        let file = desk.home.file("bad.musrl")
        try Data("[{\"memberId\":\"A\",\"passId\":\"P\",\"username\":null,\"timeStampAdded\":1,\"numVisits\":1,\"timeStampOfLastVisit\":1},\n{\"memberId\":\"A\"}]".utf8)
            .write(to: URL(fileURLWithPath: file))
        let result = try desk.run(["import", file, "--yes"])
        #expect(result.status == 1)
        #expect(result.stderr == "memberdesk: \(file) (member 2, line 2): missing passId\n")
        #expect(try Self.dump(desk.databasePath) == before)
    }

    /// A .musrl of `count` new members, written straight to disk.
    static func largeFile(_ path: String, count: Int) throws {
        var text = "["
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            text += #"{"memberId":"M\#(index)","passId":"P\#(index)","username":"Member \#(index)","timeStampAdded":1767225600,"numVisits":3,"timeStampOfLastVisit":1767300000,"userEmailAddress":"m\#(index)@example.com"}"#
        }
        text += "]"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("kill -9 in the middle of an import leaves the database as it was")
    func killMidImport() throws {
        let desk = try Self.terminalWithMembers()
        let file = desk.home.file("large.musrl")
        try Self.largeFile(file, count: 100_000)
        let before = try Self.dump(desk.databasePath)
        let wal = desk.databasePath + "-wal"
        let walBefore = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0

        let process = try ChildProcess(DeskBinary.path, ["import", file, "--yes"], environment: desk.environment)
        // The import's transaction has begun writing once uncommitted pages spill into the WAL.
        let spilled = waitUntil(timeout: 120) {
            let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            return size > walBefore + 2_000_000 || !process.isRunning
        }
        #expect(spilled)
        #expect(process.isRunning, "the import finished before it could be killed")
        #expect(process.killAndWait() == .signalled(SIGKILL))
        #expect(try Self.dump(desk.databasePath) == before)
        let list = try desk.run(["members", "list", "--json"])
        #expect(list.stdout.split(separator: "\n").count == 2)
    }

    /// Runs `memberdesk import FILE` on a pseudo-terminal (util-linux `script`), answering `answer`.
    static func importOnTerminal(_ desk: DeskBinary, file: String, answer: String) throws -> String {
        let process = try ChildProcess("/usr/bin/script", ["-qec", "'\(DeskBinary.path)' import '\(file)'", "/dev/null"],
                                       environment: desk.environment, stdin: .pipe, stdout: .pipe, stderr: .stdout)
        process.write(answer + "\n")
        let text = AsyncData(process.output!)
        let finished = process.wait(timeout: 60) != nil
        process.closeInput()
        if !finished { process.killAndWait() }
        return text.text()
    }

    @Test("on a terminal, import asks first: 'n' writes nothing, 'y' applies")
    func asksOnTerminal() throws {
        let source = try Self.terminalWithMembers()
        let file = source.home.file("list.musrl")
        try source.run(["export", file])
        let target = try DeskBinary()
        try target.run(["stats"])  // creates the database
        let before = try Self.dump(target.databasePath)
        let declined = try Self.importOnTerminal(target, file: file, answer: "n")
        #expect(declined.contains("Apply these changes? [y/N]"))
        #expect(declined.contains("nothing written (not confirmed)"))
        #expect(try Self.dump(target.databasePath) == before)
        let accepted = try Self.importOnTerminal(target, file: file, answer: "y")
        #expect(accepted.contains("imported: 2 new"))
        #expect(try target.run(["members", "list", "--json"]).stdout.split(separator: "\n").count == 2)
    }
}
