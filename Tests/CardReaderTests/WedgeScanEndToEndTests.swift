import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// `memberdesk scan --stdin`: the built binary reading keyboard-wedge lines.
struct WedgeScanEndToEndTests {
    @Test func eachLineIsOneScanAndBadLinesAreReported() throws {
        let binary = try DeskBinary()
        let overlong = String(repeating: "9", count: 2000)
        let input = "04:a2:3b:1c\r\n7|PASS-77|sig|bob\n\n04A23B1C\n\(overlong)\n1|2|3\n"
        let result = try binary.run(["scan", "--stdin", "--json"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(lines.count == result.stdout.split(separator: "\n").count, "every line is JSON")
        let checkIns = lines.filter { $0["outcome"] != nil }
        #expect(checkIns.map { $0["passId"] as? String } == ["04A23B1C", "PASS-77", "04A23B1C"])
        #expect(checkIns.map { $0["outcome"] as? String } == ["enrolled", "enrolled", "duplicate"])
        #expect(checkIns.allSatisfy { $0["source"] as? String == "wedge" })
        #expect(checkIns[1]["username"] as? String == "bob")
        let errors = lines.filter { $0["event"] as? String == "error" }
        #expect(errors.count == 2)
        #expect(errors.contains { ($0["message"] as? String)?.contains("longer than 1024 bytes") == true })
        #expect(errors.contains { ($0["message"] as? String)?.contains("4 '|'-separated fields") == true })

        let database = try AppDatabase.open(path: binary.databasePath, readOnly: true)
        #expect(try database.memberCount() == 2)
        #expect(try database.member(idOrPass: "04A23B1C")?.numVisits == 1)
    }

    @Test func textOutputIsOneLinePerOutcome() throws {
        let binary = try DeskBinary()
        let result = try binary.run(["scan", "--stdin"], stdin: "0BEEF00D\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("wedge 0BEEF00D: Welcome, 0BEEF00D — new member, visit #1"))
    }

    @Test func readerOptionDoesNotApplyToStdin() throws {
        let result = try DeskBinary().run(["scan", "--stdin", "--reader", "x"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--reader does not apply to --stdin"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
