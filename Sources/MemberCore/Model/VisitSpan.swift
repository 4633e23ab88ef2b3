import Foundation

/// One visit as an entry and its exit: the row of the `visits` query, the report's input.
/// `exited` and `exitKind` are nil while the member is still inside.
public struct VisitSpan: Sendable, Equatable, Hashable {
    /// How a visit ended: a tap at a desk, staff (`checkout`, a desk key), the closing rules, or
    /// the member's next entry (`VisitEndRule`; never stored as an event, only read so).
    public enum ExitKind: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
        case tap, staff, auto, reentry
    }

    /// The entry event's id.
    public var visitId: String
    public var memberId: String
    public var username: String
    public var entered: Date
    public var exited: Date?
    public var exitKind: ExitKind?
    /// The desk (terminal id) of the entry.
    public var desk: String
    /// What admitted the entry: "card", "beacon", "manual" …
    public var source: String
    /// The guests who came in with the entry (`VisitEvent.guests`).
    public var guests: Int = 0
    /// Guests who left before their host (`guestsLeft` events during the visit), in time order;
    /// the rest leave with the host.
    public var guestsLeaving: [GuestsLeaving] = []

    /// Some of a visit's guests leaving on their own.
    public struct GuestsLeaving: Sendable, Equatable, Hashable {
        public var time: Double
        public var count: Int

        public init(time: Double, count: Int) {
            self.time = time
            self.count = count
        }
    }

    public init(
        visitId: String, memberId: String, username: String, entered: Date,
        exited: Date? = nil, exitKind: ExitKind? = nil, desk: String, source: String
    ) {
        self.visitId = visitId
        self.memberId = memberId
        self.username = username
        self.entered = entered
        self.exited = exited
        self.exitKind = exitKind
        self.desk = desk
        self.source = source
    }

    /// Still inside: no exit yet.
    package var isOpen: Bool { exited == nil }
}
