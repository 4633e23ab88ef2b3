import Foundation
@_spi(Decisions) import MemberCore
import Synchronization

/// Values for the core's tests: no database, no clock, no bus.
enum Core {
    static let desk = TerminalIdentity(id: "desk-a", name: "Front")
    static let t0: Double = 1_800_000_000
    /// The calendar a test's settings read days in, whatever the machine's zone.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func member(_ pass: String = "AA01", id: String = "m1", status: MemberStatus = .active, visits: Int = 3,
                       lastVisit: Double = 0, plan: MemberPlan = .open, household: String? = nil) -> MemberRecord {
        MemberRecord(memberId: id, passId: pass, username: "Ann", timeStampAdded: 1, numVisits: visits, timeStampOfLastVisit: lastVisit,
                     status: status, modifiedAt: 10, modifiedBy: "desk-b", plan: plan, household: household)
    }

    static func request(_ pass: String = "AA01", at time: Double = t0, mode: CheckInRequest.Mode = .rules(unknown: .byPolicy),
                        settings: ClubSettings = ClubSettings(), source: CheckInSource = .nfc) -> CheckInRequest {
        CheckInRequest(pass: NormalizedPass(passId: pass), source: source, now: Date(timeIntervalSince1970: time), desk: desk,
                       settings: settings, mode: mode, actor: .anonymous(AuditMethod(source)), ids: ids())
    }

    /// A deterministic `IdSource`: `id-1`, `id-2`, … in the order a decision asks, so a test can
    /// write down the whole change it expects.
    static func ids(_ prefix: String = "id") -> IdSource {
        let counter = IdCounter()
        return IdSource { "\(prefix)-\(counter.next())" }
    }

    static func subject(_ member: MemberRecord?, presence: MemberPresence? = nil, insideCount: Int = 0,
                        plan: PlanStanding? = nil, staffCard: Bool = false) -> CheckInSubject {
        CheckInSubject(member: member, isStaffCard: staffCard, presence: presence, latestExit: nil, insideCount: insideCount, plan: plan)
    }
}

/// The count behind `Core.ids`: a source is `Sendable`, so its state is behind a lock.
final class IdCounter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
