import Foundation
import MemberDeskTestSupport
import Testing

/// Issue #46 item 3 through the binary: two desks, one folder, faketime. Ingrid (name, e-mail,
/// note, a phone field) visits both desks; Front desk deletes and purges her; after a sync both
/// databases, and every file written into the folder since, hold none of her data, and the visit
/// figures are what they were.
@Suite("Purge through a sync folder", .serialized)
struct PurgeSyncTests {
    static let personal = ["Ingrid", "ingrid", "Vasquez", "ingrid.vl@example.org", "Allergic to latex", "04C1D2E3", "+46 70 123 45 67"]

    static func found(in path: String) -> [String] {
        guard let bytes = FileManager.default.contents(atPath: path) else { return [] }
        return personal.filter { bytes.range(of: Data($0.utf8)) != nil }
    }

    /// Every file in the folder, by path, with its contents.
    static func files(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder)
        while let relative = walker?.nextObject() as? String {
            let path = folder + "/" + relative
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[relative] = FileManager.default.contents(atPath: path)
        }
        return files
    }

    static func run(_ desk: DeskBinary, _ arguments: [String], at time: String) throws -> DeskBinary.Result {
        let result = try desk.run(arguments, at: time)
        try #require(result.status == 0, "memberdesk \(arguments.joined(separator: " ")): \(result)")
        return result
    }

    static func visitLines(_ desk: DeskBinary) throws -> Int {
        try run(desk, ["visits", "--json"], at: "2026-12-01 12:00:00").stdout.split(separator: "\n").count
    }

    @Test("after delete and purge at Front desk and a sync, neither database nor any newer file holds Ingrid's data")
    func purgeLeavesNoCopyAtEitherDesk() throws {
        let folder = try TemporaryDirectory()
        let front = try DeskBinary(), back = try DeskBinary()
        let list = folder.file("enrolments.musrl")
        try Data(#"[{"memberId":"M-0412","passId":"04C1D2E3","username":"Ingrid Vasquez-Lund","timeStampAdded":1796112000,"numVisits":0,"timeStampOfLastVisit":0,"userEmailAddress":"ingrid.vl@example.org","phone":"+46 70 123 45 67"}]"#.utf8)
            .write(to: URL(fileURLWithPath: list))
        let syncFolder = folder.path + "/sync"
        try FileManager.default.createDirectory(atPath: syncFolder, withIntermediateDirectories: true)
        for (desk, name) in [(front, "Front desk"), (back, "Back desk")] {
            try desk.writeConfig("terminal_name = \"\(name)\"\ndebounce_seconds = 0\n[sync]\nfolder = \"\(syncFolder)\"\n")
        }
        _ = try Self.run(front, ["import", list, "--yes"], at: "2026-12-01 09:00:00")
        _ = try Self.run(front, ["members", "edit", "M-0412", "--note", "Allergic to latex"], at: "2026-12-01 09:01:00")
        _ = try Self.run(front, ["checkin", "04C1D2E3"], at: "2026-12-01 09:10:00")
        for (desk, time) in [(front, "09:20:00"), (back, "09:21:00")] { _ = try Self.run(desk, ["sync", "now"], at: "2026-12-01 " + time) }
        _ = try Self.run(back, ["checkin", "04C1D2E3"], at: "2026-12-01 09:30:00")
        for (desk, time) in [(back, "09:40:00"), (front, "09:41:00")] { _ = try Self.run(desk, ["sync", "now"], at: "2026-12-01 " + time) }
        let figures = try [front, back].map(Self.visitLines)
        #expect(figures == [2, 2], "both desks count both visits: \(figures)")
        #expect(!Self.found(in: back.databasePath).isEmpty, "Back desk holds Ingrid before the purge")

        // The deletion syncs first, so Back desk holds a tombstone with the data when the erasure comes.
        _ = try Self.run(front, ["members", "delete", "M-0412", "--yes"], at: "2026-12-01 10:00:00")
        for (desk, time) in [(front, "10:01:00"), (back, "10:02:00")] { _ = try Self.run(desk, ["sync", "now"], at: "2026-12-01 " + time) }
        let before = try Self.files(syncFolder)
        let purge = try Self.run(front, ["members", "purge", "M-0412", "--yes"], at: "2026-12-01 10:05:00")
        #expect(purge.stdout.contains("erased member M-0412"), "\(purge)")
        var said = ""
        for (desk, time) in [(front, "10:10:00"), (back, "10:11:00"), (front, "10:12:00"), (back, "10:13:00")] {
            said += try Self.run(desk, ["sync", "now"], at: "2026-12-01 " + time).stdout
        }
        let told = Self.personal.filter { said.contains($0) }
        #expect(told.isEmpty, "sync now repeats \(told): \(said)")

        for (name, desk) in [("Front", front), ("Back", back)] {
            for path in [desk.databasePath, desk.databasePath + "-wal"] {
                #expect(Self.found(in: path).isEmpty, "\(name) desk's \(path) holds \(Self.found(in: path))")
            }
        }
        let newer = try Self.files(syncFolder).filter { before[$0.key] != $0.value }
        #expect(!newer.isEmpty, "the desks wrote files after the purge")
        for (path, bytes) in newer {
            let held = Self.personal.filter { bytes.range(of: Data($0.utf8)) != nil }
            #expect(held.isEmpty, "\(path), written after the purge, holds \(held)")
        }
        #expect(try [front, back].map(Self.visitLines) == figures, "the purge changed the visit figures")
        let listed = try Self.run(back, ["members", "list", "--json"], at: "2026-12-01 12:00:00")
        #expect(!listed.stdout.contains("M-0412"), "\(listed)")
    }

    @Test("a live member is not purged: the binary says to delete first, exit 1, and changes nothing")
    func liveMemberIsRefused() throws {
        let desk = try DeskBinary()
        try desk.writeConfig("debounce_seconds = 0\n")
        _ = try Self.run(desk, ["members", "add", "--pass", "04AABBCC", "--name", "Ann", "--email", "ann@example.org"], at: "2026-12-01 09:00:00")
        let refused = try desk.run(["members", "purge", "04AABBCC", "--yes"], at: "2026-12-01 09:01:00")
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("is not deleted: run memberdesk members delete"), "\(refused)")
        let shown = try Self.run(desk, ["members", "show", "04AABBCC", "--json"], at: "2026-12-01 09:02:00")
        #expect(shown.stdout.contains("ann@example.org"), "\(shown)")
    }
}
