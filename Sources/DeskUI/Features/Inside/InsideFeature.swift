import Foundation
import MemberKit

/// "Inside now"'s job: how many are inside (closing time applied), and who when `listing`.
public enum InsideEffect: Sendable, Equatable {
    case count(generation: Int, listing: Bool)
}

public enum InsideResult: Sendable, Equatable {
    /// Who is inside, for the change `generation` followed; `members` nil when not asked for.
    case counted(generation: Int, count: Int, members: [InsideMember]?)
    case failed(String)
}

/// The inside list's job runs here; its answer goes to `InsideReducer` (`.finished`).
enum InsideFeature {
    static func run(_ effect: InsideEffect, on runner: DeskEffectRunner) {
        let occupancy = runner.clients.occupancy
        switch effect {
        case .count(let generation, let listing):
            // Through `Club`, which applies closing time first; on the worker, as check-ins are.
            runner.submit({
                let inside = listing ? try occupancy.insideMembers() : nil
                return .inside(.counted(generation: generation, count: try inside?.count ?? occupancy.insideCount(), members: inside))
            }, failed: { .inside(.failed($0)) })
        }
    }
}
