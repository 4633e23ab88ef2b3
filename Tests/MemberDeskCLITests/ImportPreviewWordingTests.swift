import Foundation
import Testing

/// The import preview names each field an update changes, with its old and new value, and gives
/// its counts in the one order the desk's review dialog uses too (`MergeCounts.summary`).
@Suite struct ImportPreviewWordingTests {
    @Test func anUpdateShowsEachFieldWithItsOldAndNewValue() async throws {
        let front = try InProcessDesk(), back = try InProcessDesk()
        try #require(await front.run(["members", "add", "--pass", "P1", "--name", "Anna Smith", "--email", "anna@old.example"]).status == 0)
        try #require(await front.run(["members", "add", "--pass", "P2", "--name", "Bo"]).status == 0)
        let first = front.home.path + "/front.musrl"
        try #require(await front.run(["export", first]).status == 0)
        try #require(await back.run(["import", first, "--yes"]).status == 0)
        try #require(await back.run(["members", "edit", "P1", "--name", "Anna Smith-Jones", "--email", "anna@new.example",
                                     "--note", "moved"]).status == 0)
        let second = back.home.path + "/back.musrl"
        try #require(await back.run(["export", second]).status == 0)

        let dry = await front.run(["import", second, "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout == """
            \(second): 0 new, 1 updated, 0 unified, 0 deleted, 1 unchanged
              updated  Anna Smith-Jones
                         name "Anna Smith" → "Anna Smith-Jones"
                         email "anna@old.example" → "anna@new.example"
                         note (none) → "moved"
            nothing written (dry run)

            """)
        let json = await front.run(["import", second, "--dry-run", "--json"])
        #expect(json.stdout.contains(#""field":"email""#) || json.stdout.contains(#""field" : "email""#))
        #expect(json.stdout.contains("anna@old.example") && json.stdout.contains("anna@new.example"))
    }
}
