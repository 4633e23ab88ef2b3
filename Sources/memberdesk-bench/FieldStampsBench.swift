import Foundation
import GRDB
import MemberCore
@_spi(Testing) import MemberKit

/// `memberdesk-bench field-stamps [N]`: what per-field stamps add to the sync folder. N members
/// (default 10,000) added at desk A and read by desk B; then A suspends every tenth member with a
/// note, B changes every third member's e-mail, and the desks read each other. A's snapshot of
/// the list, and the lines of the members edited (what changes files carry), are measured as
/// written (format 3) and with the stamps taken out (what format 1 wrote for the same values),
/// in the same run, and as format 2 wrote them (the encoding before format 3, the "before" figure).
/// Goal: at most 1.20 times format 1's bytes.
func runFieldStampsBench(_ arguments: [String]) throws {
    let count = arguments.first.flatMap(Int.init) ?? 10_000
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memberdesk-stamps-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func desk(_ name: String) throws -> (AppDatabase, Club) {
        let database = try AppDatabase.open(path: folder.appendingPathComponent("\(name).sqlite").path)
        return (database, Club(database: database, terminal: try database.terminalIdentity(name: name)))
    }
    let (a, clubA) = try desk("A"), (b, clubB) = try desk("B")
    var ids: [String] = []
    for index in 0..<count {
        ids.append(try clubA.addMember(passId: String(format: "04%010X", index), username: "Member \(index)",
                                       fields: ["userEmailAddress": .string("m\(index)@example.com")]).memberId)
    }
    func send(_ from: AppDatabase, to: AppDatabase) throws {
        let bytes = try MemberExporter(database: from).exportBytes(format: .musrl)
        try MergeApplier(database: to).apply(.bytes(bytes, format: .musrl, name: "bench.musrl"))
    }
    try send(a, to: b)
    for (index, id) in ids.enumerated() where index % 10 == 0 {
        _ = try clubA.updateMember(id: id, MemberChanges(status: .suspended, note: .some("Card bounced")))
    }
    for (index, id) in ids.enumerated() where index % 3 == 0 {
        _ = try clubB.updateMember(id: id, MemberChanges(fields: ["userEmailAddress": .string("new\(index)@example.com")]))
    }
    try send(a, to: b)
    try send(b, to: a)

    let written = try MemberExporter(database: a).exportBytes(format: .musrl)
    var formatTwoExporter = MemberExporter(database: a)
    formatTwoExporter.formatTwoStamps = true
    let formatTwo = try formatTwoExporter.exportBytes(format: .musrl)
    // The same members as format 1 wrote them: the database copied, its stamps column emptied.
    let copyPath = folder.appendingPathComponent("format1.sqlite").path
    try DatabaseQueue(path: folder.appendingPathComponent("A.sqlite").path).backup(to: DatabaseQueue(path: copyPath))
    try DatabaseQueue(path: copyPath).write { db in try db.execute(sql: "UPDATE member SET stamps = NULL") }
    let format1 = try MemberExporter(database: AppDatabase.open(path: copyPath)).exportBytes(format: .musrl)

    func editedLines(_ bytes: [UInt8]) -> Int {
        let edited = Set(ids.enumerated().filter { $0.offset % 10 == 0 || $0.offset % 3 == 0 }.map(\.element))
        return bytes.split(separator: UInt8(ascii: "\n")).filter { line in
            guard let start = line.firstRange(of: Array(#""memberId":""#.utf8))?.upperBound else { return false }
            return edited.contains(String(decoding: line[start..<(start + 36)], as: UTF8.self))
        }.reduce(0) { $0 + $1.count + 1 }
    }
    let goal = 1.20
    for (name, bytes) in [("snapshot (whole list)", { (file: [UInt8]) in file.count }),
                          ("edited members (changes files)", editedLines)] {
        let before = Double(max(bytes(format1), 1))
        let now = Double(bytes(written)) / before, then = Double(bytes(formatTwo)) / before
        print(String(format: "field stamps, %@: format 3 %d bytes   format 2 %d bytes   format 1 %d bytes   "
                     + "ratio %.3f (format 2: %.3f; goal <= %.2f)  %@",
                     name, bytes(written), bytes(formatTwo), bytes(format1), now, then, goal, now <= goal ? "ok" : "OVER"))
    }
}
