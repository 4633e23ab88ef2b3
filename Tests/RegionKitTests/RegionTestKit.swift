import Foundation
import MemberDeskTestSupport
@_spi(Testing) import MemberKit
@testable import RegionKit

/// A script engine over an in-memory database, a real bus and a temporary script folder.
struct EngineFixture {
    let folder: TemporaryDirectory
    let database: AppDatabase
    let bus: EventBus
    let club: Club
    let clock: FakeClock
    let engine: ScriptEngine
    let events: EventSubscription

    init(timeLimit: TimeInterval = 1, allowlist: [String] = [], httpTimeout: TimeInterval = 5) throws {
        folder = try TemporaryDirectory()
        database = try AppDatabase.inMemory()
        bus = EventBus()
        clock = FakeClock()
        club = Club(database: database, terminal: try database.terminalIdentity(name: "Test"), bus: bus, clock: clock)
        events = bus.subscribe()
        engine = ScriptEngine(environment: ScriptEnvironment(
            database: database, club: club, bus: bus, sandbox: ScriptSandbox(root: folder.path + "/scripts"),
            httpAllowlist: allowlist, httpTimeout: httpTimeout, timeLimit: timeLimit, clock: clock))
    }

    var root: String { folder.path + "/scripts" }

    func run(_ source: String, id: String = "r1", kind: ScriptKind = .enter, event: [String: JSONValue] = [:]) -> ScriptRunResult {
        engine.runAndWait(source, activity: ScriptActivity(identifier: id, regionName: "Region \(id)", kind: kind, event: event))
    }

    /// Every region event and notification published so far.
    func drain() -> [DeskEvent] { events.drain() }
}

extension Array where Element == DeskEvent {
    var scriptOutput: [String] {
        compactMap { if case .region(.scriptOutput(_, let text)) = $0 { return text } else { return nil } }
    }
    var scriptErrors: [String] {
        compactMap { if case .region(.scriptError(_, let text)) = $0 { return text } else { return nil } }
    }
    var notifications: [DeskNotification] {
        compactMap { if case .notification(let n) = $0 { return n } else { return nil } }
    }
    var regionChanges: [String] {
        compactMap {
            switch $0 {
            case .region(.entered(let id, _)): return "enter \(id)"
            case .region(.exited(let id, _)): return "exit \(id)"
            default: return nil
            }
        }
    }
}
