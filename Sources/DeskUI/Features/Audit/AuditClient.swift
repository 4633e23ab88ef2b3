import Foundation
import MemberKit

/// The audit record: the newest entries with the names they refer to, and what the desk itself
/// records (a sign-in lockout).
public struct AuditClient: Sendable {
    public var newest: @Sendable (_ count: Int) throws -> (entries: [AuditEntry], names: RecordNames)
    public var record: @Sendable (AuditAction, AuditActor, _ detail: [String: String]) throws -> Void

    public init(newest: @escaping @Sendable (Int) throws -> (entries: [AuditEntry], names: RecordNames),
                record: @escaping @Sendable (AuditAction, AuditActor, [String: String]) throws -> Void) {
        self.newest = newest
        self.record = record
    }
}

extension AuditClient {
    public static func live(_ club: Club) -> AuditClient {
        AuditClient(
            newest: { count in
                let entries = try club.auditEntries(AuditQuery(newest: count))
                return (entries, try club.recordNames(memberIds: Set(entries.compactMap(\.memberId))))
            },
            record: { action, actor, detail in try club.record(action, by: actor, detail: detail) })
    }

    public static let unimplemented = AuditClient(
        newest: { _ in throw ClientUnavailable.unset("audit.newest") },
        record: { _, _, _ in throw ClientUnavailable.unset("audit.record") })
}

extension AuditClient: DeskFeatureClient {
    public static func live(from services: DeskServices) -> AuditClient { .live(services.club) }
}
