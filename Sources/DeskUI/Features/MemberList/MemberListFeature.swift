import Foundation
import MemberKit

/// The member list's jobs: the pages the screen lacks, and its counts.
public enum MemberListEffect: Sendable, Equatable {
    case fetchPage(MemberPageRequest)
    /// The listing's match count (for `generation`) and the club's member count.
    case countMembers(generation: Int, search: String?, expiringDays: Int? = nil)
}

public enum MemberListResult: Sendable, Equatable {
    case page([MemberRow], for: MemberPageRequest)
    /// The page was not read: superseded by a newer listing (nil), or failed.
    case pageFailed(MemberPageRequest, error: String?)
    case counted(generation: Int, matching: Int?, all: Int?)
    /// A count could not be read: said once; the next change asks again.
    case countFailed(generation: Int, error: String)

    /// The answer may show the selected row (or that there is none): a dialog waiting for it opens.
    var mayShowTheSelection: Bool {
        switch self {
        case .page, .counted: true
        case .pageFailed, .countFailed: false
        }
    }
}

/// The member list's jobs run here; their answers go to `MemberListReducer` (`.finished`).
enum MemberListFeature {
    static func run(_ effect: MemberListEffect, on runner: DeskEffectRunner) {
        let members = runner.clients.members
        switch effect {
        case .fetchPage(let request):
            runner.submit({ [runner] in
                // A newer search or sort has superseded this one: skip the query.
                guard runner.currentGeneration == request.generation else { return .memberList(.pageFailed(request, error: nil)) }
                return .memberList(.page(try members.page(request), for: request))
            }, failed: { .memberList(.pageFailed(request, error: $0)) })
        case .countMembers(let generation, let search, let expiringDays):
            runner.submit(on: runner.countWorker, { [runner] in
                let matching = runner.currentGeneration != generation ? nil : try members.count(search, expiringDays)
                let all = search == nil ? matching : try members.count(nil, nil)
                return .memberList(.counted(generation: generation, matching: matching, all: all))
            }, failed: { .memberList(.countFailed(generation: generation, error: $0)) })
        }
    }
}
