import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
@testable import RegionKit
import Testing

@Suite struct RegionListSourceTests {
    static let good = RegionListDecoderTests.regionFrameworkSample

    final class Script: Sendable {
        let replies = Locked<[TestHTTPServer.Response]>([])
        func next() -> TestHTTPServer.Response {
            replies.mutex.withLock { $0.isEmpty ? .status(404, "none") : $0.removeFirst() }
        }
    }

    @Test func refreshFromHTTPKeepsTheLastGoodListOnEveryKindOfFailure() async throws {
        let script = Script()
        let server = try TestHTTPServer { _ in script.next() }
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let clock = FakeClock()
        let source = RegionListSource(cachePath: folder.file("cache/regions.json"), ttl: 86400, timeout: 0.5, clock: clock)
        let url = server.baseURL + "/regions.json"
        #expect(source.isRefreshDue())

        script.replies.mutex.withLock { $0 = [.ok(Self.good)] }
        let regions = try await source.refresh(from: url)
        #expect(regions.count == 3)
        #expect(try source.cached()?.count == 3)
        #expect(!source.isRefreshDue())
        let cached = try Data(contentsOf: URL(fileURLWithPath: source.cachePath))

        // A non-JSON body, a 500 and a timeout each leave the cache as it was and back off in minutes.
        script.replies.mutex.withLock { $0 = [.ok("<html>oops</html>", contentType: "text/html"), .status(500, "boom"), .hang] }
        var delays: [TimeInterval] = []
        for expected in ["not valid JSON", "HTTP status 500", "timed out"] {
            await #expect {
                try await source.refresh(from: url)
            } throws: { "\($0)".contains(expected) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: source.cachePath)) == cached)
            #expect(try source.cached()?.count == 3)
            let next = try #require(source.nextRetry)
            delays.append(next.timeIntervalSince(clock.now()))
        }
        #expect(delays == [60, 120, 240])
        #expect(!source.isRefreshDue())
        clock.advance(by: 240)
        #expect(source.isRefreshDue())
        // A success clears the backoff.
        script.replies.mutex.withLock { $0 = [.ok(Self.good)] }
        _ = try await source.refresh(from: url)
        #expect(source.nextRetry == nil)
    }

    @Test func refreshFromAFileValidatesFirst() async throws {
        let folder = try TemporaryDirectory()
        let source = RegionListSource(cachePath: folder.file("regions.json"), ttl: 60, clock: FakeClock())
        try Data(Self.good.utf8).write(to: URL(fileURLWithPath: folder.file("good.json")))
        try Data("[{\"identifier\": 1}]".utf8).write(to: URL(fileURLWithPath: folder.file("bad.json")))
        _ = try await source.refresh(from: folder.file("good.json"))
        await #expect(throws: DeskError.self) { try await source.refresh(from: folder.file("bad.json")) }
        await #expect(throws: DeskError.self) { try await source.refresh(from: folder.file("missing.json")) }
        #expect(try source.cached()?.count == 3)
        // Nothing but the cache and the last failure's reason is left in its folder (the write is rename-based).
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["bad.json", "good.json", "regions.json", "regions.json.error"])
    }

    @Test func ttlDecidesWhenARefreshIsDue() async throws {
        let folder = try TemporaryDirectory()
        let clock = FakeClock(Date())
        let source = RegionListSource(cachePath: folder.file("regions.json"), ttl: 3600, clock: clock)
        try Data(Self.good.utf8).write(to: URL(fileURLWithPath: folder.file("good.json")))
        _ = try await source.refresh(from: folder.file("good.json"))
        #expect(!source.isRefreshDue())
        clock.advance(by: 3601)
        #expect(source.isRefreshDue())
    }

    @Test func switchIsOnByDefaultAndPersisted() throws {
        let database = try AppDatabase.inMemory()
        #expect(RegionSwitch.isOn(database))
        try RegionSwitch.set(false, database)
        #expect(!RegionSwitch.isOn(database))
        try RegionSwitch.set(true, database)
        #expect(RegionSwitch.isOn(database))
    }
}
