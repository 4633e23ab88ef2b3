import Foundation
import MemberKit

/// Work the reducer asks for; `DeskEffectRunner` does it on the worker and answers with a `JobResult`.
/// A feature's effects are one case of its own enum (`.audit(.load)`).
public enum DeskEffect: Sendable, Equatable {
    case fetchPage(MemberPageRequest)
    /// The listing's match count (for `generation`) and the club's member count.
    case countMembers(generation: Int, search: String?, expiringDays: Int? = nil)
    /// How many are inside (closing time applied), and who when `listing` ("Inside now" shows).
    case countInside(generation: Int, listing: Bool)
    /// A staff check-out (kind `staff`) of a member by id, as the "Inside now" list names them.
    case checkOut(memberId: String, operator: String?)
    /// Asks whether another process committed (`AppDatabase.otherConnectionsVersion`).
    case probeStore
    /// `operator`: who the record names (nil: nobody signed in, or no lock).
    case checkIn(pass: String, source: CheckInSource, operator: String?)
    /// F4's text: checked in as a pass when a member holds it or it names nobody; else the members
    /// it names come back (`JobResult.typedNames`) to choose from, and nothing is recorded yet.
    case checkInTyped(String, operator: String?)
    case enrol(pass: String, name: String?, operator: String?)
    case givePass(pass: String, memberId: String, operator: String?)
    case loadVisits(MemberRecord)
    /// `walletPass`: a new member's Apple pass is written in the same step (wallet set up).
    case save(original: MemberRecord?, changes: MemberChanges, operator: String?, walletPass: Bool = false)
    case delete(MemberRecord, operator: String?)
    /// A sign-in's PIN check (slow on purpose): on a worker of its own, so taps go on.
    case verifyPIN(StaffCredential, PIN)
    /// A manager's PIN for one action: checked as a sign-in's, recorded as an approval.
    case verifyApproval(StaffCredential, PIN, for: StaffPermission)
    /// Who is on duty now, for the taps the reader makes.
    case onDuty(String?)
    case recordLockout(seconds: TimeInterval)
    case letInAnyway(pass: String, operator: String)
    case loadOperators
    // The features' own, each run by its feature (`AuditFeature.run`).
    case audit(AuditEffect)
    case stats(StatsEffect)
    case wallet(WalletEffect)
    case regions(RegionsEffect)
    case imports(ImportEffect)
    case export(ExportEffect)
}
