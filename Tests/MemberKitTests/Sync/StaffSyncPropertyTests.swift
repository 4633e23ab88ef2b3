import FolderSync
import Foundation
import GRDB
import MemberDeskTestSupport
@_spi(Testing) @testable import MemberKit
import PropertyBased
import Testing

/// Three desks sharing a folder: operators added, removed, given new PINs and cards, and audit
/// entries written, with files carried late, twice, out of order or half-written. Once all is
/// delivered, the three agree on the operators and hold the same audit entries.
@Suite("Staff and audit sync properties")
struct StaffSyncPropertyTests {
    static let history = Gen.int(in: 0...1_000_000).array(of: 5...60)

    @Test("three desks converge on operators and audit entries, in any order")
    func converge() async throws {
        await propertyCheck(count: 40, input: Self.history) { steps in
            let world = try StaffSyncWorld()
            for code in steps { try world.step(code) }
            try world.settle()
            let states = try world.folder.terminals.map(StaffSyncWorld.state)
            #expect(states[0] == states[1] && states[1] == states[2])
            for terminal in world.folder.terminals { #expect(try terminal.database.auditCount() == world.entries) }
        }
    }

    @Test func anOperatorAddedOnOneDeskSignsInOnAnother() throws {
        let world = try StaffSyncWorld()
        let a = world.folder.terminals[0], b = world.folder.terminals[1]
        try a.club.addStaff(name: "Mia", role: .manager, card: "04AABBCC", pin: PIN("4821"), hasher: FakePINHasher(), by: .cli(user: "x"))
        try world.settle()
        let signedIn = try b.club.signIn(.card("04:aa:bb:cc"), pin: PIN("4821"), hasher: FakePINHasher())
        #expect(signedIn.name == "Mia" && signedIn.role == .manager)
        let anna = try b.club.addMember(passId: "04112233", username: "Anna", by: AuditActor(operator: "Mia", method: .manual))
        try b.club.updateMember(id: anna.memberId, MemberChanges(status: .suspended), by: AuditActor(operator: "Mia", method: .manual))
        try world.settle()
        let suspended = try a.database.auditEntries(AuditQuery(action: .suspend))
        #expect(suspended.map(\.operator) == ["Mia"] && suspended.map(\.deskId) == ["T2"])
        try a.club.removeStaff(name: "Mia", by: .cli(user: "x"))
        try world.settle()
        #expect(throws: SignInFailure.unknownOperator) { try b.club.signIn(.name("Mia"), pin: PIN("4821"), hasher: FakePINHasher()) }
    }

    @Test func hostileFilesChangeNothing() throws {
        let world = try StaffSyncWorld()
        let a = world.folder.terminals[0], b = world.folder.terminals[1]
        try a.club.addStaff(name: "Mia", role: .desk, pin: PIN("4821"), hasher: FakePINHasher(), by: .cli(user: "x"))
        try a.club.record(.export, by: .cli(user: "x"))
        try world.settle()
        let before = try StaffSyncWorld.state(b)
        let directory = world.folder.view(1) + "/T1"
        let good = try #require(FileManager.default.contents(atPath: directory + "/staff.json"))
        let text = String(decoding: good, as: UTF8.self)
        let hostile = [
            text.replacingOccurrences(of: "$argon2id$", with: "$argon2i$"),                       // malformed hash
            text.replacingOccurrences(of: #""modifiedBy":"T1""#, with: #""modifiedBy":"T3""#),     // another desk's stamp
            text.replacingOccurrences(of: #""role":"desk""#, with: #""role":"owner""#),             // no such role
            #"{"terminalId":"T1","staff":[{"name":"Eve","role":"manager","pinHash":"x","addedAt":0,"modifiedAt":9e9,"modifiedBy":"T1"}]}"#,
        ]
        for (index, bytes) in hostile.enumerated() {
            try Data(bytes.utf8).write(to: URL(fileURLWithPath: directory + "/staff.json"))
            try setModificationTime(directory + "/staff.json", Double(index + 1))
            let report = try world.folder.syncs[1].pass()
            #expect(report.read.errors.contains { $0.contains("staff.json") }, "file \(index)")
            #expect(try StaffSyncWorld.state(b) == before)
        }
        // An audit file cannot rewrite an entry already held, nor add another desk's.
        let auditName = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasPrefix("audit-") })
        let audit = String(decoding: try #require(FileManager.default.contents(atPath: directory + "/" + auditName)), as: UTF8.self)
        try Data(audit.replacingOccurrences(of: #""operator":"cli:x""#, with: #""operator":"eve""#).utf8)
            .write(to: URL(fileURLWithPath: directory + "/" + auditName))
        try setModificationTime(directory + "/" + auditName, 5)
        _ = try world.folder.syncs[1].pass()
        #expect(try b.database.auditEntries(AuditQuery(operator: "eve")).isEmpty)
        try Data(audit.replacingOccurrences(of: #""deskId":"T1""#, with: #""deskId":"T3""#).utf8)
            .write(to: URL(fileURLWithPath: directory + "/" + auditName))
        try setModificationTime(directory + "/" + auditName, 6)
        #expect(try world.folder.syncs[1].pass().read.errors.contains { $0.contains("another desk's entry") })
        #expect(try StaffSyncWorld.state(b) == before)
    }

    private func setModificationTime(_ path: String, _ time: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: time)], ofItemAtPath: path)
    }
}

/// The folder world of the member sync tests, with staff and audit steps.
final class StaffSyncWorld {
    let folder: SyncFolderWorld
    var entries = 0
    static let names = ["Mia", "Bo", "Ada"]
    let hasher = FakePINHasher()

    init() throws { folder = try SyncFolderWorld() }

    func step(_ code: Int) throws {
        folder.clock.advance(by: 1 + Double(code % 5))
        let index = code % 3
        let terminal = folder.terminals[index]
        let name = Self.names[(code / 3) % Self.names.count]
        let actor = AuditActor(operator: name, method: .manual)
        switch (code / 9) % 10 {
        case 0:
            let role: StaffRole = code % 2 == 0 ? .desk : .manager
            if (try? terminal.club.addStaff(name: name, role: role, pin: PIN("\(1000 + code % 9000)"), hasher: hasher, by: actor)) != nil {
                entries += 1
            }
        case 1:
            if (try? terminal.club.removeStaff(name: name, by: actor)) != nil { entries += 1 }
        case 2:
            if (try? terminal.club.setStaffPIN(name: name, pin: PIN("\(2000 + code % 7000)"), hasher: hasher, by: actor)) != nil { entries += 1 }
        case 3:
            if (try? terminal.club.setStaffCard(name: name, card: "0499\(code % 4)", by: actor)) != nil { entries += 1 }
        case 4:
            try terminal.club.record(.export, by: actor, detail: ["n": "\(code)"])
            entries += 1
        case 5, 6:
            _ = try StaffSync(database: terminal.database, terminal: terminal.club.terminal, folder: SyncFolder(path: folder.view(index), files: LocalSyncFolderFiles()), clock: terminal.club.clock).pass()
        case 7, 8:
            let to = (index + 1 + (code / 90) % 2) % 3
            let files = try folder.outbox(index)
            guard !files.isEmpty else { return }
            try folder.deliver(files[(code / 180) % files.count], from: index, to: to, half: (code / 360) % 4 == 0)
        default:
            _ = try folder.syncs[index].pass()
        }
    }

    func settle() throws {
        for _ in 0..<3 {
            for (index, terminal) in folder.terminals.enumerated() {
                _ = try StaffSync(database: terminal.database, terminal: terminal.club.terminal, folder: SyncFolder(path: folder.view(index), files: LocalSyncFolderFiles()), clock: terminal.club.clock).pass()
            }
            for from in 0..<3 { for to in 0..<3 where from != to { try folder.mirror(from: from, to: to) } }
            for (index, terminal) in folder.terminals.enumerated() {
                _ = try StaffSync(database: terminal.database, terminal: terminal.club.terminal, folder: SyncFolder(path: folder.view(index), files: LocalSyncFolderFiles()), clock: terminal.club.clock).pass()
            }
        }
    }

    /// Operators (without local sign-in times) and the audit entries' ids, in a stable order.
    static func state(_ terminal: SyncTestTerminal) throws -> String {
        let staff = try terminal.database.staff(includingRemoved: true).map { account in
            var account = account
            account.lastSignInAt = nil
            return "\(account)"
        }
        let audit = try terminal.database.auditEntries(AuditQuery()).map { "\($0.entryId) \($0.deskId) \($0.operator ?? "-") \($0.action)" }.sorted()
        return (staff + audit).joined(separator: "\n")
    }
}
