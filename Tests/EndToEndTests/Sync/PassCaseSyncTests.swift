import Foundation
import MemberDeskTestSupport
import Testing

/// One pass typed in two cases on two desks is one member once they sync, as a tap at either
/// desk already finds it whatever its case.
@Suite("Pass case through a sync folder", .serialized)
struct PassCaseSyncTests {
    @Test("CARDX enrolled on desk A and cardx on desk B are one member after sync, with both visits")
    func oneMemberWhateverTheCase() throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let a = try DeskBinary(), b = try DeskBinary()
        try a.writeConfig("terminal_name = \"Desk A\"\ndebounce_seconds = 0\n[sync]\nfolder = \"\(folder.path)\"\n")
        try b.writeConfig("terminal_name = \"Desk B\"\ndebounce_seconds = 0\n[sync]\nfolder = \"\(folder.path)\"\n")
        try #require(try a.run(["members", "add", "--pass", "CARDX", "--name", "Card Holder"]).status == 0)
        try #require(try a.run(["checkin", "CARDX"]).status == 0)
        try #require(try b.run(["checkin", "cardx"]).status == 0)  // enrols: B has never seen the card
        for desk in [a, b, a, b] {
            let pass = try desk.run(["sync", "now"])
            #expect(pass.status == 0, "\(pass.stderr)")
        }
        for desk in [a, b] {
            let list = try desk.run(["members", "list", "--json"])
            let lines = list.stdout.split(separator: "\n")
            #expect(lines.count == 1, "\(list.stdout)")
            #expect(list.stdout.contains(#""numVisits":2"#), "\(list.stdout)")
            #expect(list.stdout.contains("Card Holder"))
        }
        let checkIn = try b.run(["checkin", "CardX"])
        #expect(checkIn.stdout.contains("Card Holder") && checkIn.stdout.contains("visit #3"), "\(checkIn)")
    }
}
