import DeskHTTP
import DeskSettings
import Foundation
import MemberKit
import Synchronization

/// Where the region list comes from (a file or an http(s) URL) and its cache.
/// Unlike RegionFramework it validates a reply before it replaces the cache, writes the
/// cache atomically, and after a failure keeps the last good list and retries in minutes.
public final class RegionListSource: Sendable {
    public let cachePath: String
    public let ttl: TimeInterval
    public let timeout: TimeInterval
    private let http: any HTTPClient
    private let clock: any DeskClock

    private struct Backoff {
        var failures = 0
        var nextAttempt: Date?
    }
    private let backoff = Mutex(Backoff())

    /// The first retry waits this long; each further failure doubles it, up to `maximumBackoff`.
    public static let firstBackoff: TimeInterval = 60
    public static let maximumBackoff: TimeInterval = 1800

    public init(cachePath: String, ttl: TimeInterval, timeout: TimeInterval = 10,
                http: any HTTPClient = URLSessionHTTPClient(), clock: any DeskClock = SystemClock()) {
        self.cachePath = cachePath
        self.ttl = ttl
        self.timeout = timeout
        self.http = http
        self.clock = clock
    }

    /// The cached list, or nil when there is none. A cache that no longer decodes is reported.
    public func cached() throws -> [Region]? {
        guard let data = FileManager.default.contents(atPath: cachePath) else { return nil }
        do {
            return try RegionListDecoder.decode(data)
        } catch let error as DeskError {
            throw DeskError.invalidInput("\(cachePath): \(error.description)")
        }
    }

    public func cacheDate() -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: cachePath))?[.modificationDate] as? Date
    }

    /// Due when the cache is missing or older than the TTL, and no backoff is pending.
    public func isRefreshDue() -> Bool {
        let now = clock.now()
        if let next = backoff.withLock({ $0.nextAttempt }) { return now >= next }
        guard let date = cacheDate() else { return true }
        return now.timeIntervalSince(date) >= ttl
    }

    public var nextRetry: Date? { backoff.withLock { $0.nextAttempt } }

    /// Fetches `source`, validates it, and only then replaces the cache (atomically).
    /// On failure the cache is untouched and the next attempt is scheduled with backoff.
    @discardableResult
    public func refresh(from source: String) async throws -> [Region] {
        do {
            let data = try await fetch(source)
            let regions: [Region]
            do {
                regions = try RegionListDecoder.decode(data)
            } catch let error as DeskError {
                throw DeskError.invalidInput("\(source): \(error.description)")
            }
            try writeCache(data)
            backoff.withLock { $0 = Backoff() }
            try? FileManager.default.removeItem(atPath: DeskPaths.refreshErrorFile(forCache: cachePath))
            return regions
        } catch {
            recordFailure(of: source, error)
            let now = clock.now()
            backoff.withLock { state in
                state.failures += 1
                let delay = min(Self.maximumBackoff, Self.firstBackoff * pow(2, Double(min(state.failures - 1, 10))))
                state.nextAttempt = now.addingTimeInterval(delay)
            }
            throw error
        }
    }

    func fetch(_ source: String) async throws -> Data {
        let trimmed = source.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw DeskError.config("no region list source (set regions.source or use 'regions load')") }
        if trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://") {
            guard let url = URL(string: trimmed), url.host != nil else { throw DeskError.invalidInput("\(trimmed) is not a valid URL") }
            switch await http.send(HTTPRequest(url: url, timeout: timeout)) {
            case .success(let reply) where (200..<300).contains(reply.status):
                return reply.body
            case .success(let reply):
                throw DeskError.io("\(trimmed): HTTP status \(reply.status)")
            case .failure(let error):
                throw DeskError.io(error.description)
            }
        }
        let path = trimmed.hasPrefix("file://") ? String(trimmed.dropFirst(7)) : trimmed
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DeskError.io("cannot read region list \(path)")
        }
        return data
    }

    /// Keeps why the refresh failed beside the cache, so `memberdesk doctor` can say it.
    private func recordFailure(of source: String, _ error: Error) {
        let url = URL(fileURLWithPath: DeskPaths.refreshErrorFile(forCache: cachePath))
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data("\(error)".replacingOccurrences(of: "\n", with: " ").utf8).write(to: url, options: .atomic)
    }

    /// Write-then-rename in the cache's own folder, so a reader sees the old list or the new one.
    func writeCache(_ data: Data) throws {
        let url = URL(fileURLWithPath: cachePath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw DeskError.io("cannot write \(cachePath): \((error as NSError).localizedDescription)")
        }
    }
}

/// The global on/off switch, persisted like RegionFramework's `on`; on by default.
public enum RegionSwitch {
    static let key = "regions.on"

    public static func isOn(_ database: AppDatabase) -> Bool {
        (try? database.setting(key)) != "false"
    }

    public static func set(_ on: Bool, _ database: AppDatabase) throws {
        try database.setSetting(key, on ? "true" : "false")
    }
}

extension RegionListSource {
    /// `refresh(from:)` run to completion from synchronous code (the CLI's commands).
    public func refreshBlocking(from source: String) throws -> [Region] {
        final class Outcome: @unchecked Sendable { var value: Result<[Region], Error> = .success([]) }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { outcome.value = .success(try await refresh(from: source)) } catch { outcome.value = .failure(error) }
            done.signal()
        }
        done.wait()
        return try outcome.value.get()
    }
}
