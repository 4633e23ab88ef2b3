import Foundation
import MemberKit

/// Work the reducer asks for; `DeskEffectRunner` does it on the worker and answers with a `JobResult`.
public enum DeskEffect: Sendable {
    case fetchPage(MemberPageRequest)
    /// The listing's match count (for `generation`) and the club's member count.
    case countMembers(generation: Int, search: String?, expiringDays: Int? = nil)
    /// The stats pane's figures, today's occupancy curve among them.
    case loadStats(now: Date)
    /// How many are inside (closing time applied), and who when `listing` ("Inside now" shows).
    case countInside(generation: Int, listing: Bool)
    /// A staff check-out (kind `staff`) of a member by id, as the "Inside now" list names them.
    case checkOut(memberId: String)
    /// Asks whether another process committed (`AppDatabase.otherConnectionsVersion`).
    case probeStore
    case checkIn(pass: String, source: CheckInSource)
    case enrol(pass: String, name: String?)
    case loadVisits(MemberRecord)
    case save(original: MemberRecord?, changes: MemberChanges)
    case delete(MemberRecord)
    case switchRegions
    case previewImport(file: String)
    case applyImport(ImportPreview)
    case export(format: String, path: String)
}
