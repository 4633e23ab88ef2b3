import Foundation
import MemberDeskTestSupport
import MemberKit
import Testing

/// A database file checkpoints its write-ahead log off the write path (WALCheckpointer): SQLite's
/// own auto-checkpoint is replaced, so if the replacement never ran, the log would only grow.
@Suite struct WALCheckpointTests {
    func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test func writesPastAThousandPagesAreCopiedIntoTheFileByTheCheckpointer() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("members.sqlite")
        let database = try AppDatabase.open(path: path)
        let before = size(path)
        // 40 commits of 200 KB: about 2,000 pages of log, past the 1,000-page threshold; then 40 more.
        // Each checkpoint copies what the log holds when it runs (at least 1,000 pages, 4 MB).
        let payload = String(repeating: "x", count: 200_000)
        for batch in 0..<40 {
            try database.enqueueOutbox([OutboxMessage(topic: "t/\(batch)", text: payload)], limit: 100_000, now: Date())
        }
        #expect(waitUntil(timeout: 20) { size(path) > before + 3_500_000 }, "the log was copied into the file: \(size(path))")
        for batch in 0..<40 {
            try database.enqueueOutbox([OutboxMessage(topic: "u/\(batch)", text: payload)], limit: 100_000, now: Date())
        }
        #expect(waitUntil(timeout: 20) { size(path) > before + 8_000_000 }, "and again: \(size(path))")
        #expect(try database.outboxCount() == 80, "nothing lost")
    }
}
