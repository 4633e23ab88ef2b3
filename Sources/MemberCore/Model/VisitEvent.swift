import Foundation

/// One entry or exit: the unit that tells who is inside, and that travels between desks.
/// A member is inside when its latest entry or exit (by time, ties broken by id) is an entry.
/// An entry may bring guests; guests who leave before their host are a `guestsLeft` event, which
/// never moves the member in or out (`StoreTransaction.recordEvent` keeps who is inside).
package struct VisitEvent: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case entry, exit
        /// Some of the guests of the host's visit left without their host (`guests` of them).
        case guestsLeft
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
    /// An entry's guests, who came in with the member; a `guestsLeft` event's, who left (0 for an exit).
    package var guests: Int

    package init(eventId: String, memberId: String, kind: Kind, time: Double, terminalId: String, source: String,
                exitKind: VisitSpan.ExitKind? = nil, guests: Int = 0) {
        self.eventId = eventId
        self.memberId = memberId
        self.kind = kind
        self.time = time
        self.terminalId = terminalId
        self.source = source
        self.exitKind = kind == .exit ? (exitKind ?? .tap) : nil
        self.guests = kind == .exit ? 0 : max(0, guests)
    }

    /// The most guests one event may carry: one entry's party, as any desk takes it in.
    package static let maximumGuests = 50

    /// An entry or an exit: an event that says whether the member is inside (a `guestsLeft` does not).
    package var movesMember: Bool { kind != .guestsLeft }

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
