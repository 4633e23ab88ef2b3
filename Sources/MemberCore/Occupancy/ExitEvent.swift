import Foundation

extension VisitEvent {
    /// Where an event made at `time` goes in its member's order: strictly after the member's latest
    /// event (`latest`), since at the same time the ids would decide which came first.
    package static func placed(at time: Double, after latest: Double?) -> Double {
        latest.map { max(time, $0.nextUp) } ?? time
    }

    /// The one way an exit is made (a tap, a staff check-out, "check out all", closing time): by
    /// `desk`, from `source`, for the member whose entry at `since` it closes. `placed`: put it
    /// strictly after that entry (false: `time` is already after it, as closing time's is). `eventId`:
    /// an `IdSource`'s, or one derived from the entry (closing time's).
    package static func exit(memberId: String, since: Double, at time: Double, desk: String, source: String,
                             kind: VisitSpan.ExitKind, eventId: String, placed: Bool = true) -> VisitEvent {
        VisitEvent(eventId: eventId, memberId: memberId, kind: .exit, time: placed ? Self.placed(at: time, after: since) : time,
                   terminalId: desk, source: source, exitKind: kind)
    }

    /// A counted visit's entry at `time` by `desk`, after the member's latest event (nil: none).
    package static func entry(memberId: String, at time: Double, after latest: Double?, desk: String,
                              source: CheckInSource, eventId: String, guests: Int = 0) -> VisitEvent {
        VisitEvent(eventId: eventId, memberId: memberId, kind: .entry, time: placed(at: time, after: latest),
                   terminalId: desk, source: source.rawValue, guests: guests)
    }

    /// `count` of the guests of the visit that began at `since` leave without their host.
    package static func guestsLeft(_ count: Int, memberId: String, since: Double, at time: Double, desk: String, source: String,
                                   eventId: String) -> VisitEvent {
        VisitEvent(eventId: eventId, memberId: memberId, kind: .guestsLeft, time: placed(at: time, after: since),
                   terminalId: desk, source: source, guests: count)
    }
}
