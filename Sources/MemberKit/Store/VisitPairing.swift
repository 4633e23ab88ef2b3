import Foundation
@_spi(Decisions) import MemberCore

/// The one rule that pairs entries with exits: an entry's visit ends as `VisitEndRule` says,
/// from the member's next event (by time, then id): that exit, the next entry, or the closing
/// rule when it comes first; with no next event, the closing rule once due, else it is open.
/// Fed events in that order (members interleaved in any way), it hands out each visit once its
/// next event is known, so `visits` and the report can stream any number of events.
struct VisitPairing {
    /// How a visit with no exit of its own ends.
    let ending: VisitEndRule
    /// Each member's latest entry (with its stored time), waiting for the member's next event.
    private(set) var waiting: [String: (span: VisitSpan, time: Double)] = [:]

    init(ending: VisitEndRule = VisitEndRule()) {
        self.ending = ending
    }

    /// An entry. It ends the member's waiting visit; this one waits when it `startsVisit` (an
    /// entry outside the range read only ends another).
    mutating func entry(_ span: VisitSpan, at time: Double, startsVisit: Bool, _ emit: (VisitSpan) throws -> Void) rethrows {
        // One lookup either way: the member's entry is replaced, or only taken out.
        let before = startsVisit ? waiting.updateValue((span, time), forKey: span.memberId) : waiting.removeValue(forKey: span.memberId)
        if let before { try emit(ended(before, next: .entry(time))) }
    }

    /// An exit: ends the member's waiting visit, if any (an exit after an exit ends nothing).
    mutating func exit(memberId: String, at time: Double, kind: VisitSpan.ExitKind?, _ emit: (VisitSpan) throws -> Void) rethrows {
        guard let before = waiting.removeValue(forKey: memberId) else { return }
        try emit(ended(before, next: .exit(time, kind)))
    }

    /// Guests of the member's waiting visit leaving on their own (none waiting: nothing to end).
    mutating func guestsLeft(memberId: String, at time: Double, count: Int) {
        guard count > 0, waiting[memberId] != nil else { return }
        waiting[memberId]?.span.guestsLeaving.append(VisitSpan.GuestsLeaving(time: time, count: count))
    }

    /// An event of a kind this version does not know: not an exit, so only the closing rule may end the waiting visit.
    mutating func other(memberId: String, at time: Double, _ emit: (VisitSpan) throws -> Void) rethrows {
        if let before = waiting.removeValue(forKey: memberId) { try emit(ended(before, next: .unknown(time))) }
    }

    /// The member's waiting entry, once its next event is known (nil: none).
    mutating func resolve(memberId: String, next: (kind: VisitEvent.Kind?, time: Double, exitKind: VisitSpan.ExitKind?)?,
                          _ emit: (VisitSpan) throws -> Void) rethrows {
        guard let before = waiting.removeValue(forKey: memberId) else { return }
        let following: VisitEndRule.Next? = next.map {
            switch $0.kind {
            case .exit: return .exit($0.time, $0.exitKind)
            case .entry: return .entry($0.time)
            // Guests leaving are never a visit's next event (`nextEvent` skips them).
            case .guestsLeft, nil: return .unknown($0.time)
            }
        }
        try emit(ended(before, next: following))
    }

    private func ended(_ waiting: (span: VisitSpan, time: Double), next: VisitEndRule.Next?) -> VisitSpan {
        var span = waiting.span
        if let end = ending.end(entered: waiting.time, next: next) {
            span.exited = Date(timeIntervalSince1970: end.time)
            span.exitKind = end.kind
        }
        return span
    }
}
