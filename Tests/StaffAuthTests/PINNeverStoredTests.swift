import Foundation
import MemberKit
import StaffAuth
import Testing

@Suite struct PINNeverStoredTests {
    /// The PIN's digits appear nowhere in the database's bytes (file, WAL, shared memory).
    @Test func digitsAreNotInTheDatabaseFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("desk.sqlite").path
        let digits = "739158264"
        do {
            let database = try AppDatabase.open(path: path)
            let club = Club(database: database, terminal: try database.terminalIdentity(name: "Front"))
            let hasher = try SodiumPINHasher()
            try club.addStaff(name: "Mia", role: .manager, pin: PIN(digits), hasher: hasher, by: .cli(user: "alice"))
            try club.setStaffPIN(name: "Mia", pin: PIN(digits), hasher: hasher, by: .cli(user: "alice"))
            let hash = try #require(try database.staffAccount(named: "Mia")?.pinHash)
            #expect(hasher.verify(try PIN(digits), against: hash))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.contains("desk.sqlite"))
        for file in files {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
            #expect(bytes.range(of: Data(digits.utf8)) == nil, "found the PIN in \(file)")
            #expect(bytes.range(of: Data(digits.utf16.flatMap { [UInt8($0 & 0xff), UInt8($0 >> 8)] })) == nil)
        }
    }
}
