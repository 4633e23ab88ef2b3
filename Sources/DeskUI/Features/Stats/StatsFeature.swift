import Foundation
import MemberKit

/// The stats view's job: its figures and today's occupancy curve, as at `now`.
public enum StatsEffect: Sendable, Equatable {
    case load(now: Date)
}

public enum StatsResult: Sendable, Equatable {
    case loaded(DeskStats, occupancy: OccupancyCurve)
    case failed(String)
}

/// The stats view's slice: its figures, and whether a read is on its way (never two at once).
struct StatsSlice: Equatable {
    var stats: StatsModel
    var inFlight: Bool

    static var scope: DeskScope<StatsSlice, StatsModel, Bool> {
        DeskScope(StatsSlice.init, .init(\.stats, at: \.stats), .init(\.inFlight, at: \.jobs.statsInFlight))
    }
}

enum StatsAction: Equatable, FinishingAction {
    /// The view opened, or what it shows changed (a tap, another desk's entries).
    case request(now: Date)
    case finished(StatsResult)
}

/// `s`: the stats view, read when it opens and again after each change while it shows.
enum StatsFeature: DeskFeature {
    static var lens: SliceLens<StatsSlice> { StatsSlice.scope.lens }

    static func reduce(_ slice: inout StatsSlice, _ action: StatsAction, now: Date) -> FeatureOutput {
        switch action {
        case .request(let time):
            slice.stats.loading = true
            guard !slice.inFlight else { return FeatureOutput() }
            slice.inFlight = true
            return FeatureOutput(effects: [.stats(.load(now: time))])
        case .finished(.loaded(let stats, let occupancy)):
            slice.inFlight = false
            slice.stats.loading = false
            slice.stats.stats = stats
            slice.stats.occupancy = occupancy
            return FeatureOutput()
        case .finished(.failed(let error)):
            slice.inFlight = false
            slice.stats.loading = false
            return FeatureOutput(note: DeskNote(text: "stats: \(error)", tone: .danger))
        }
    }

    static func run(_ effect: StatsEffect, on runner: DeskEffectRunner) {
        let stats = runner.clients[StatsClient.self]
        switch effect {
        case .load(let now):
            runner.submit({ .stats(.loaded(try stats.figures(now), occupancy: try stats.today(now))) },
                          failed: { .stats(.failed($0)) })
        }
    }
}

// Its jobs travel as `.feature`, named `.stats(…)` where they are made.
extension StatsEffect: FeatureEffect { typealias Feature = StatsFeature }
extension StatsResult: FeatureResult { typealias Feature = StatsFeature }
extension DeskEffect { static func stats(_ effect: StatsEffect) -> Self { .feature(AnyFeatureEffect(effect)) } }
extension JobResult { static func stats(_ result: StatsResult) -> Self { .feature(AnyFeatureResult(result)) } }
