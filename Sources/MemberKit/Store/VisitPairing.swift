import Foundation

/// The one rule that pairs entries with exits: an entry's exit is its member's next event (by
/// time, then id) when that is an exit; when it is another entry, or there is none, the visit is
/// open. Fed events in that order (members interleaved in any way), it hands out each visit once
/// its next event is known, so `visits` and the report can stream any number of events.
struct VisitPairing {
    /// Each member's latest entry (with its stored time), waiting for the member's next event.
    private(set) var waiting: [String: (span: VisitSpan, time: Double)] = [:]

    /// An entry. The member's waiting entry is handed out open (its next event is not an exit);
    /// this one waits when it `startsVisit` (an entry outside the range read only ends another).
    mutating func entry(_ span: VisitSpan, at time: Double, startsVisit: Bool, _ emit: (VisitSpan) throws -> Void) rethrows {
        // One lookup either way: the member's entry is replaced, or only taken out.
        let before = startsVisit ? waiting.updateValue((span, time), forKey: span.memberId) : waiting.removeValue(forKey: span.memberId)
        if let before { try emit(before.span) }
    }

    /// An exit: closes the member's waiting entry, if any (an exit after an exit closes nothing).
    mutating func exit(memberId: String, at time: Double, kind: VisitSpan.ExitKind?, _ emit: (VisitSpan) throws -> Void) rethrows {
        guard var span = waiting.removeValue(forKey: memberId)?.span else { return }
        span.exited = Date(timeIntervalSince1970: time)
        span.exitKind = kind
        try emit(span)
    }

    /// An event of a kind this version does not know: not an exit, so the waiting entry stays open.
    mutating func other(memberId: String, _ emit: (VisitSpan) throws -> Void) rethrows {
        if let before = waiting.removeValue(forKey: memberId) { try emit(before.span) }
    }

    /// The member's waiting entry, once its next event is known (nil: none, so it stays open).
    mutating func resolve(memberId: String, next: (kind: VisitEvent.Kind?, time: Double, exitKind: VisitSpan.ExitKind?)?,
                          _ emit: (VisitSpan) throws -> Void) rethrows {
        if let next, next.kind == .exit {
            try exit(memberId: memberId, at: next.time, kind: next.exitKind, emit)
        } else {
            try other(memberId: memberId, emit)
        }
    }
}
