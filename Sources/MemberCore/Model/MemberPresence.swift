import Foundation

/// A member's latest entry or exit: whether it is inside, since when, and where it came in.
package struct MemberPresence: Sendable, Hashable {
    package var memberId: String
    /// The latest event's id and time.
    package var eventId: String
    package var time: Double
    package var inside: Bool
    /// The desk of the latest event.
    package var terminalId: String
    /// The guests inside with the member: its entry's, less those who left without it (0 outside).
    package var guests: Int

    package init(memberId: String, eventId: String, time: Double, inside: Bool, terminalId: String, guests: Int = 0) {
        self.memberId = memberId
        self.eventId = eventId
        self.time = time
        self.inside = inside
        self.terminalId = terminalId
        self.guests = inside ? guests : 0
    }
}

/// One member inside, for `inside` and the desk's "Inside now" list.
public struct InsideMember: Sendable, Hashable {
    public var memberId: String
    public var passId: String
    public var username: String?
    /// When its entry was.
    public var since: Double
    /// The desk of its entry.
    public var desk: String
    /// Its guests inside with it.
    public var guests: Int

    package init(memberId: String, passId: String, username: String?, since: Double, desk: String, guests: Int = 0) {
        self.memberId = memberId
        self.passId = passId
        self.username = username
        self.since = since
        self.desk = desk
        self.guests = guests
    }

    /// The people `members` are: each member and its guests.
    public static func people(_ members: [InsideMember]) -> Int { members.reduce(0) { $0 + 1 + $1.guests } }
}
