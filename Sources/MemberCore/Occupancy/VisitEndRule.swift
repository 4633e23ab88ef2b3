import Foundation

/// How a visit ends when it has no exit of its own: the one rule behind `inside`, `visits`, the
/// report and the desk's curve. The closing rule (`ClosingRule`: closing time or the longest stay,
/// whichever comes first) ends it once its time has come, by the member's next event or by now;
/// else the member's next entry ends it, since one person is inside at most once (`inside` reads
/// each member's latest event); else it is still open. Pure: every desk ends a visit alike.
public struct VisitEndRule: Sendable {
    /// The member's next event after an entry, by (time, id).
    @_spi(Decisions) public enum Next: Sendable, Equatable {
        case entry(Double)
        case exit(Double, VisitSpan.ExitKind?)
        /// A kind this version does not know: not an exit, so it ends nothing.
        case unknown(Double)

        package var time: Double {
            switch self { case .entry(let t), .exit(let t, _), .unknown(let t): return t }
        }
    }

    package var settings: OccupancySettings
    /// The closing rule ends only what is due by now.
    package var now: Double

    /// No closing rule (the next entry still ends a visit).
    public init(settings: OccupancySettings = OccupancySettings(), now: Double = .infinity) {
        self.settings = settings
        self.now = now
    }

    /// When and how the visit entered at `entered` ends, given the member's next event (nil:
    /// none yet); nil while it is still open.
    @_spi(Decisions) public func end(entered: Double, next: Next?) -> (time: Double, kind: VisitSpan.ExitKind?)? {
        let bound = min(next?.time ?? now, now)
        if let closing = ClosingRule.exitTime(since: entered, now: bound, settings: settings) { return (closing, .auto) }
        switch next {
        case .exit(let time, let kind): return (time, kind)
        case .entry(let time): return (time, .reentry)
        case .unknown, nil: return nil
        }
    }

    /// Whether the visit ended by this rule rather than by a person (a tap or staff): its stay
    /// was not measured, so the report shows it apart from the stays.
    @_spi(Decisions) public static func closedByRule(_ kind: VisitSpan.ExitKind?) -> Bool {
        kind == .auto || kind == .reentry
    }
}
