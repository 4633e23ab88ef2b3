import DeskDoctor
import Foundation
import Testing

/// Who holds a database open, read from a fake `/proc`: a process whose descriptor points at the
/// database or its WAL, named by its command line (the program's name, not its folder).
@Suite struct DatabaseHoldersTests {
    @Test func aProcessHoldingTheDatabaseOrItsWALIsFoundAndNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("holders-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let database = root + "/members.sqlite"
        try FileManager.default.createDirectory(atPath: root + "/proc", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: database, contents: Data())
        func process(_ pid: Int, holding target: String?, command: String) throws {
            let folder = root + "/proc/\(pid)"
            try FileManager.default.createDirectory(atPath: folder + "/fd", withIntermediateDirectories: true)
            if let target { try FileManager.default.createSymbolicLink(atPath: folder + "/fd/3", withDestinationPath: target) }
            try Data(command.utf8).write(to: URL(fileURLWithPath: folder + "/cmdline"))
        }
        try process(40, holding: database + "-wal", command: "/usr/bin/memberdesk\0scan\0--stdin\0")
        try process(12, holding: database, command: "memberdesk\0desk\0")
        try process(50, holding: nil, command: "bash\0")
        let holders = DatabaseHolders(procRoot: root + "/proc").holders(of: database, excluding: 12)
        #expect(holders.map(\.description) == ["memberdesk scan --stdin (pid 40)"])
    }
}
