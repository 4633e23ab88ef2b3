import Foundation
import MemberKit

/// F9's job: turn region monitoring the other way.
public enum RegionsEffect: Sendable, Equatable {
    case toggle
}

public enum RegionsResult: Sendable, Equatable {
    case switched(on: Bool)
    case failed(String)
}

/// The regions' slice: what the status bar shows of them.
struct RegionsSlice: Equatable {
    var regions: StatusBarModel.RegionState

    static var scope: DeskScope<RegionsSlice, StatusBarModel.RegionState> {
        DeskScope(RegionsSlice.init, .init(\.regions, at: \.status.regions))
    }
}

enum RegionsAction: Equatable, FinishingAction {
    /// F9; `available`: this build has a region monitor.
    case toggle(available: Bool)
    case finished(RegionsResult)
}

/// F9: region monitoring on or off, the status bar saying which.
enum RegionsFeature: DeskFeature {
    static var lens: SliceLens<RegionsSlice> { RegionsSlice.scope.lens }

    static func reduce(_ slice: inout RegionsSlice, _ action: RegionsAction, now: Date) -> FeatureOutput {
        switch action {
        case .toggle(let available):
            guard available else { return FeatureOutput(note: DeskNote(text: "regions: not available in this build", tone: .warning)) }
            return FeatureOutput(effects: [.regions(.toggle)])
        case .finished(.switched(let on)):
            slice.regions = on ? .on : .off
            return FeatureOutput()
        case .finished(.failed(let error)):
            return FeatureOutput(note: DeskNote(text: "regions: \(error)", tone: .danger))
        }
    }

    static func run(_ effect: RegionsEffect, on runner: DeskEffectRunner) {
        let regions = runner.clients[RegionsClient.self]
        switch effect {
        case .toggle:
            runner.submit({ .regions(.switched(on: try regions.toggle())) }, failed: { .regions(.failed($0)) })
        }
    }
}

// Its jobs travel as `.feature`, named `.regions(…)` where they are made.
extension RegionsEffect: FeatureEffect { typealias Feature = RegionsFeature }
extension RegionsResult: FeatureResult { typealias Feature = RegionsFeature }
extension DeskEffect { static func regions(_ effect: RegionsEffect) -> Self { .feature(AnyFeatureEffect(effect)) } }
extension JobResult { static func regions(_ result: RegionsResult) -> Self { .feature(AnyFeatureResult(result)) } }
