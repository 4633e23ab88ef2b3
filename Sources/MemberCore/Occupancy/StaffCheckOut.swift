import Foundation

/// A staff check-out of one member (exit kind `staff`): pure. It never refuses and never counts
/// a visit: a member inside gets an exit (and its audit line), one not inside is `notInside`, and
/// no member is `unknownPass`, with nothing written.
@_spi(Decisions) public enum StaffCheckOut {
    /// Whom to check out: the live member holding a pass (normalized), or a member by id (the
    /// desk's "Inside now" list; a deleted one too, so that staff can still clear it).
    package enum Target: Sendable, Equatable {
        case pass(String)
        case member(id: String)

        /// What the report names when no member is found.
        package var text: String {
            switch self {
            case .pass(let passId): return passId
            case .member(let id): return id
            }
        }
    }

    package struct Request: Sendable {
        package var target: Target
        package var source: CheckInSource
        package var now: Date
        package var desk: TerminalIdentity
        package var occupancy: OccupancySettings
        package var actor: AuditActor
        /// Exits go in the audit record (only the bench turns it off).
        package var recordsCheckIns: Bool
        /// The exit's and its line's ids.
        package var ids: IdSource
        /// Only this many of the member's guests leave, the member staying (nil: the member leaves, its guests with it).
        package var guests: Int?

        package var time: Double { now.timeIntervalSince1970 }

        package init(target: Target, source: CheckInSource, now: Date, desk: TerminalIdentity, occupancy: OccupancySettings,
                     actor: AuditActor, ids: IdSource, recordsCheckIns: Bool = true) {
            self.target = target
            self.source = source
            self.now = now
            self.desk = desk
            self.occupancy = occupancy
            self.actor = actor
            self.recordsCheckIns = recordsCheckIns
            self.ids = ids
        }
    }

    /// `member` and its `presence` as the store read them, closing time already applied.
    package static func decide(member: MemberRecord?, presence: MemberPresence?, _ request: Request) -> CheckInChange {
        guard let member else { return CheckInChange(outcome: .unknownPass(request.target.text)) }
        guard let presence, presence.inside else { return CheckInChange(outcome: .notInside(member)) }
        if let guests = request.guests { return guestsLeave(guests, of: member, presence, request) }
        let exit = VisitEvent.exit(memberId: member.memberId, since: presence.time, at: request.time, desk: request.desk.id,
                                   source: request.source.rawValue, kind: .staff, eventId: request.ids.make())
        // The stay as staff see it: to the moment they pressed, not to the exit's placed time.
        let outcome = CheckInOutcome.checkedOut(member, stay: request.time - presence.time)
        return CheckInChange(outcome: outcome, write: .exit(exit),
                             audit: outcome.auditEntry(source: request.source, by: request.actor, at: request.desk,
                                                       time: request.time, ids: request.ids, recording: request.recordsCheckIns))
    }

    /// `asked` of the member's guests leave without it: as many as are inside, at most.
    static func guestsLeave(_ asked: Int, of member: MemberRecord, _ presence: MemberPresence, _ request: Request) -> CheckInChange {
        let left = min(max(0, asked), presence.guests)
        let outcome = CheckInOutcome.guestsLeft(member, left: left, stillInside: presence.guests - left)
        guard left > 0 else { return CheckInChange(outcome: outcome) }
        let event = VisitEvent.guestsLeft(left, memberId: member.memberId, since: presence.time, at: request.time, desk: request.desk.id,
                                          source: request.source.rawValue, eventId: request.ids.make())
        var audit = outcome.auditEntry(source: request.source, by: request.actor, at: request.desk, time: request.time, ids: request.ids,
                                       recording: request.recordsCheckIns)
        audit?.detail["guests"] = String(left)
        return CheckInChange(outcome: outcome, write: .exit(event), audit: audit)
    }
}
