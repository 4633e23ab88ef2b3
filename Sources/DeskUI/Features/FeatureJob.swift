import Foundation

/// A feature's effect, run by its own feature: `DeskEffect.feature` carries it, and neither
/// `DeskEffect` nor the runner names the feature (`AuditEffect.load` runs `AuditFeature.run`).
protocol FeatureEffect: Sendable, Equatable {
    associatedtype Feature: DeskFeature where Feature.Effect == Self
}

/// A feature's result, routed back to its own feature: `JobResult.feature` carries it, and
/// neither `JobResult` nor the parent names the feature.
protocol FeatureResult: Sendable, Equatable {
    associatedtype Feature: DeskFeature
    /// What the result is to its feature (the result itself, or `.finished(result)`).
    var action: Feature.Action { get }
}

extension FeatureResult where Feature.Action == Self {
    var action: Self { self }
}

/// A feature's action with a case for its jobs' answers (`case finished(StatsResult)`).
protocol FinishingAction {
    associatedtype Finished
    static func finished(_ result: Finished) -> Self
}

extension FeatureResult where Feature.Action: FinishingAction, Feature.Action.Finished == Self {
    var action: Feature.Action { .finished(self) }
}

extension FeatureEffect {
    func run(on runner: DeskEffectRunner) { Feature.run(self, on: runner) }
    func isEqual(_ other: any FeatureEffect) -> Bool { (other as? Self) == self }
}

extension FeatureResult {
    func route(_ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        DeskReducer.route(Feature.self, action, &state, &effects, now: now)
    }
    func isEqual(_ other: any FeatureResult) -> Bool { (other as? Self) == self }
}

/// Any feature's effect, as `DeskEffect` holds it (equal when of one type and equal).
public struct AnyFeatureEffect: Sendable, Equatable, CustomDebugStringConvertible {
    let base: any FeatureEffect

    init(_ base: some FeatureEffect) { self.base = base }

    public static func == (a: AnyFeatureEffect, b: AnyFeatureEffect) -> Bool { a.base.isEqual(b.base) }
    public var debugDescription: String { String(reflecting: base) }
}

/// Any feature's result, as `JobResult` holds it.
public struct AnyFeatureResult: Sendable, Equatable, CustomDebugStringConvertible {
    let base: any FeatureResult

    init(_ base: some FeatureResult) { self.base = base }

    public static func == (a: AnyFeatureResult, b: AnyFeatureResult) -> Bool { a.base.isEqual(b.base) }
    public var debugDescription: String { String(reflecting: base) }
}

/// A feature's own client: its live value from the desk's services, and one whose every closure
/// fails as unset. `DeskClients` holds it by type (`clients[AuditClient.self]`), not by a field.
public protocol DeskFeatureClient: Sendable {
    static func live(from services: DeskServices) -> Self
    static var unimplemented: Self { get }
}

extension JobResult {
    /// This result as one of `R`'s, if it is one (`result.feature(ImportResult.self)`).
    func feature<R: FeatureResult>(_ type: R.Type) -> R? {
        guard case .feature(let result) = self else { return nil }
        return result.base as? R
    }
}
