import Foundation

/// One entry or exit: the unit that tells who is inside, and that travels between desks.
/// A member is inside when its latest event (by time, ties broken by id) is an entry.
package struct VisitEvent: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case entry, exit
    }

    package var eventId: String
    package var memberId: String
    package var kind: Kind
    package var time: Double
    /// The desk (terminal id) that recorded it; for an automatic exit, the desk of the entry it
    /// closes, whichever desk noticed (`ClosingRule.checkOuts`).
    package var terminalId: String
    /// What brought it: a check-in source ("nfc", "manual" …), "staff" or "auto".
    package var source: String
    /// How an exit came about (nil for an entry).
    package var exitKind: VisitSpan.ExitKind?

    package init(eventId: String, memberId: String, kind: Kind, time: Double, terminalId: String, source: String,
                exitKind: VisitSpan.ExitKind? = nil) {
        self.eventId = eventId
        self.memberId = memberId
        self.kind = kind
        self.time = time
        self.terminalId = terminalId
        self.source = source
        self.exitKind = kind == .exit ? (exitKind ?? .tap) : nil
    }

    /// The order that decides who is inside: time, then id, so every desk picks the same latest event.
    func isAfter(_ other: VisitEvent) -> Bool {
        (time, eventId) > (other.time, other.eventId)
    }

    /// The id of the automatic exit closing `entryId` at `time`: every desk that closes the same
    /// visit at the same time mints the same event, so merging them adds nothing.
    package static func autoExitId(entryId: String, time: Double) -> String {
        "auto-\(entryId)-\(Int64(time.rounded(.down)))"
    }
}
