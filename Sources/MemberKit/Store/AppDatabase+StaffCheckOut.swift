import Foundation
import GRDB
@_spi(Decisions) import MemberCore

/// A staff check-out of one member as an operation (`AppDatabase.run`): the member and whether it
/// is inside read, `StaffCheckOut` (MemberCore) decides, its exit written, and the report's
/// messages queued in the same commit (a desk killed after it still says it once restarted).
struct StaffCheckOutOperation: StoreOperation {
    var request: StaffCheckOut.Request
    var now: Date { request.now }
    var occupancy: OccupancySettings? { request.occupancy }
    /// The member the target names (nil: none) and its latest event.
    typealias Facts = (member: MemberRecord?, presence: MemberPresence?)

    func facts(in store: StoreTransaction) throws -> Facts {
        let member: MemberRecord?
        switch request.target {
        case .pass(let passId): member = try store.liveMember(passIdAnyCase: passId)
        case .member(let id): member = try store.member(memberId: id)
        }
        return (member, try member.flatMap { try store.presence(memberId: $0.memberId) })
    }

    func decide(_ facts: Facts) -> CheckInChange {
        StaffCheckOut.decide(member: facts.member, presence: facts.presence, request)
    }

    func write(_ change: CheckInChange, _ facts: Facts, in store: StoreTransaction) throws -> CheckInReport {
        try store.write(change, terminalId: request.desk.id, at: request.time)
        // Guests who left alone leave their host inside.
        let inside = try change.outcome.member.map { try store.presence(memberId: $0.memberId)?.inside == true }
        return CheckInReport(request, change, inside: inside, insideCount: try store.insideCount())
    }
}

/// "Check out all" as an operation: everyone inside read, `CheckOutAll` (MemberCore) decides,
/// its exits written, and the new count's messages queued in the same commit.
struct CheckOutAllOperation: StoreOperation {
    var now: Date
    var occupancy: OccupancySettings?
    var desk: TerminalIdentity
    var actor: AuditActor
    var ids: IdSource

    func facts(in store: StoreTransaction) throws -> [MemberPresence] {
        try store.insideEntries()
    }

    func decide(_ inside: [MemberPresence]) -> [VisitCheckOut] {
        CheckOutAll.decide(inside: inside, at: now.timeIntervalSince1970, desk: desk, by: actor, ids: ids)
    }

    func write(_ checkOuts: [VisitCheckOut], _ inside: [MemberPresence], in store: StoreTransaction) throws -> OccupancyNotice {
        let closed = try store.write(checkOuts)
        return OccupancyNotice(insideCount: try store.insideCount(), checkedOut: closed, exitKind: .staff)
    }
}
