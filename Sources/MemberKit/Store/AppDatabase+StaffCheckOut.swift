import Foundation
import GRDB

/// Staff check-outs, each one transaction: closing time caught up, who is inside read, the
/// decision in MemberCore (`StaffCheckOut`, `CheckOutAll`) asked, what it says written, and the
/// event's MQTT messages queued through `outbox` in the same commit.
extension AppDatabase {
    /// One member out: returns the report `Club` publishes.
    func checkOut(_ request: StaffCheckOut.Request, outbox: inout OutboxWrite) throws -> CheckInReport {
        try write { store in
            _ = try store.closeOverdue(request.occupancy, at: request.time)
            let member: MemberRecord?
            switch request.target {
            case .pass(let passId): member = try store.liveMember(passIdAnyCase: passId)
            case .member(let id): member = try store.member(memberId: id)
            }
            let presence = try member.flatMap { try store.presence(memberId: $0.memberId) }
            let change = StaffCheckOut.decide(member: member, presence: presence, request)
            try store.write(change, terminalId: request.desk.id, at: request.time)
            let outcome = change.outcome
            let report = CheckInReport(time: request.now, source: request.source, passId: request.target.text, outcome: outcome,
                                       terminalId: request.desk.id, inside: outcome.member.map { _ in false },
                                       insideCount: try store.insideCount(), capacity: request.occupancy.capacity,
                                       operator: request.actor.operator)
            // Its messages in the exit's own commit: a desk killed after it still says it once restarted.
            try outbox.write(.checkIn(report), in: store, at: request.now)
            return report
        }
    }

    /// Everyone inside out: returns the notice `Club` publishes.
    func checkOutAll(at now: Date, occupancy: OccupancySettings, desk: TerminalIdentity, by actor: AuditActor, ids: IdSource,
                     outbox: inout OutboxWrite) throws -> OccupancyNotice {
        try write { store in
            let time = now.timeIntervalSince1970
            _ = try store.closeOverdue(occupancy, at: time)
            let closed = try store.write(CheckOutAll.decide(inside: try store.insideEntries(), at: time, desk: desk, by: actor, ids: ids))
            let notice = OccupancyNotice(insideCount: try store.insideCount(), checkedOut: closed, exitKind: .staff)
            try outbox.write(.occupancy(notice), in: store, at: now)
            return notice
        }
    }
}
