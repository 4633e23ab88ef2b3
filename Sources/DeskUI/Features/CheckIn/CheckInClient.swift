import Foundation
import MemberKit

/// Taps and check-outs by hand. Each commits through `Club`, which publishes what happened on the
/// bus (the banner shows it from there); only a failure comes back to the desk.
public struct CheckInClient: Sendable {
    public var checkIn: @Sendable (_ pass: String, CheckInSource, _ enrolUnknown: Bool, AuditActor) throws -> Void
    public var enrol: @Sendable (_ pass: String, _ name: String?, AuditActor) throws -> Void
    public var checkOut: @Sendable (_ memberId: String, AuditActor) throws -> Void
    /// A refused member let in anyway (a manager's override).
    public var admitAnyway: @Sendable (_ pass: String, AuditActor) throws -> Void
    /// The members a text typed at F4 names when no member holds it as a pass (empty when one does).
    public var membersNamed: @Sendable (_ typed: String) throws -> [MemberRecord]
    /// An unknown pass given to the member who holds it but for leading zeros, then checked in by it.
    public var givePass: @Sendable (_ pass: String, _ memberId: String, AuditActor) throws -> Void
    /// A member's pass checked in by hand with guests who come in with it (`g`).
    public var checkInWithGuests: @Sendable (_ pass: String, _ guests: Int, AuditActor) throws -> Void

    public init(checkIn: @escaping @Sendable (String, CheckInSource, Bool, AuditActor) throws -> Void,
                enrol: @escaping @Sendable (String, String?, AuditActor) throws -> Void,
                checkOut: @escaping @Sendable (String, AuditActor) throws -> Void,
                admitAnyway: @escaping @Sendable (String, AuditActor) throws -> Void,
                membersNamed: @escaping @Sendable (String) throws -> [MemberRecord],
                givePass: @escaping @Sendable (String, String, AuditActor) throws -> Void,
                checkInWithGuests: @escaping @Sendable (String, Int, AuditActor) throws -> Void) {
        self.checkIn = checkIn
        self.enrol = enrol
        self.checkOut = checkOut
        self.admitAnyway = admitAnyway
        self.membersNamed = membersNamed
        self.givePass = givePass
        self.checkInWithGuests = checkInWithGuests
    }

    /// How many members F4 offers for a name: a screenful to choose from; more means type more of it.
    public static let namedLimit = 8
}

extension CheckInClient {
    public static func live(_ club: Club) -> CheckInClient {
        CheckInClient(
            checkIn: { pass, source, enrolUnknown, actor in
                _ = try club.checkIn(passId: pass, source: source, enrolUnknown: enrolUnknown, by: actor)
            },
            enrol: { pass, name, actor in _ = try club.enrol(passId: pass, username: name, source: .manual, by: actor) },
            checkOut: { memberId, actor in _ = try club.checkOut(memberId: memberId, source: .manual, by: actor) },
            admitAnyway: { pass, actor in _ = try club.admitAnyway(passId: pass, by: actor) },
            membersNamed: { typed in
                // A pass as a scan reads it comes first; else the search's rule (word prefixes of name, pass, e-mail).
                guard try club.member(idOrPass: typed) == nil else { return [] }
                return try club.memberPage(matching: typed, sort: .name, limit: namedLimit).map(\.member)
            },
            givePass: { pass, memberId, actor in
                _ = try club.updateMember(id: memberId, MemberChanges(passId: pass), by: actor)
                _ = try club.checkIn(passId: pass, source: .manual, enrolUnknown: false, by: actor)
            },
            checkInWithGuests: { pass, guests, actor in
                _ = try club.checkIn(passId: pass, source: .manual, enrolUnknown: false, by: actor, guests: guests)
            })
    }

    public static let unimplemented = CheckInClient(
        checkIn: { _, _, _, _ in throw ClientUnavailable.unset("checkIn.checkIn") },
        enrol: { _, _, _ in throw ClientUnavailable.unset("checkIn.enrol") },
        checkOut: { _, _ in throw ClientUnavailable.unset("checkIn.checkOut") },
        admitAnyway: { _, _ in throw ClientUnavailable.unset("checkIn.admitAnyway") },
        membersNamed: { _ in throw ClientUnavailable.unset("checkIn.membersNamed") },
        givePass: { _, _, _ in throw ClientUnavailable.unset("checkIn.givePass") },
        checkInWithGuests: { _, _, _ in throw ClientUnavailable.unset("checkIn.checkInWithGuests") })
}

extension CheckInClient: DeskFeatureClient {
    public static func live(from services: DeskServices) -> CheckInClient { .live(services.club) }
}
