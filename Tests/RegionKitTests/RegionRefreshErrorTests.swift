import DeskSettings
import Foundation
import MemberDeskTestSupport
import MemberKit
import RegionKit
import Testing

/// A failed refresh leaves its reason beside the cache for `memberdesk doctor`; a good one clears it.
@Suite struct RegionRefreshErrorTests {
    @Test func aFailedRefreshIsKeptUntilAGoodOne() async throws {
        let folder = try TemporaryDirectory()
        let source = RegionListSource(cachePath: folder.file("cache/regions.json"), ttl: 86400, clock: FakeClock())
        let errorFile = DeskPaths.refreshErrorFile(forCache: source.cachePath)
        let bad = folder.file("bad.json"), good = folder.file("good.json")
        try "{\"regions\": 1".write(toFile: bad, atomically: true, encoding: .utf8)
        try RegionListSourceTests.good.write(toFile: good, atomically: true, encoding: .utf8)

        await #expect(throws: (any Error).self) { try await source.refresh(from: bad) }
        let kept = try String(contentsOfFile: errorFile, encoding: .utf8)
        #expect(kept.hasPrefix(bad + ":"), "\(kept)")
        #expect(!kept.contains("\n"))

        #expect(try await source.refresh(from: good).count == 3)
        #expect(!FileManager.default.fileExists(atPath: errorFile))
    }
}
