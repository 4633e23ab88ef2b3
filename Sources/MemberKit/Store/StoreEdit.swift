import Foundation

/// An operation that leaves who is inside alone (a member's edit, an operator's, a sign-in): it
/// names no closing rule to catch up, and happens at its own `time`.
protocol StoreEdit: StoreOperation {
    var time: Double { get }
}

extension StoreEdit {
    var now: Date { Date(timeIntervalSince1970: time) }
    var occupancy: OccupancySettings? { nil }
}

/// When, where and by whom an edit is made, and where its audit lines' ids come from.
struct EditStamp {
    var time: Double
    var desk: TerminalIdentity
    var actor: AuditActor
    var ids: IdSource
}
