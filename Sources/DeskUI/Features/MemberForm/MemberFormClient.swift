import Foundation
import MemberKit

/// The member form's way to the club: a member's visits and pack balance, its saves and its
/// deletion (the household head named as staff typed it, by `Club`).
public struct MemberFormClient: Sendable {
    public var visits: @Sendable (_ memberId: String, _ limit: Int) throws -> [VisitRecord]
    /// The pack's balance, for the form's plan line (nil: not a pack).
    public var visitsLeft: @Sendable (MemberRecord) throws -> Int?
    /// Adds (no original) or updates a member; returns it as saved.
    public var save: @Sendable (_ original: MemberRecord?, MemberChanges, AuditActor) throws -> MemberRecord
    public var delete: @Sendable (_ memberId: String, AuditActor) throws -> Void

    public init(visits: @escaping @Sendable (String, Int) throws -> [VisitRecord],
                visitsLeft: @escaping @Sendable (MemberRecord) throws -> Int?,
                save: @escaping @Sendable (MemberRecord?, MemberChanges, AuditActor) throws -> MemberRecord,
                delete: @escaping @Sendable (String, AuditActor) throws -> Void) {
        self.visits = visits
        self.visitsLeft = visitsLeft
        self.save = save
        self.delete = delete
    }
}

extension MemberFormClient {
    /// `photos`: where a photo file typed in the form is stored (nil: this build takes none).
    public static func live(_ club: Club, photos: (any PhotoIntake)? = nil) -> MemberFormClient {
        MemberFormClient(
            visits: { memberId, limit in try club.visits(memberId: memberId, limit: limit) },
            visitsLeft: { member in member.plan == .open ? nil : try club.planStanding(member).visitsLeft },
            save: { original, typed, actor in
                var changes = try club.namingHouseholdHead(typed)
                if let file = changes.photoFile {
                    guard let photos else { throw DeskError.invalidInput("Photo: this desk stores no photos") }
                    changes.photo = .some(try photos.store(imageAt: file))
                }
                if let original {
                    var saved = try club.updateMember(id: original.memberId, changes, by: actor)
                    if let hold = changes.addHold {
                        saved = try club.freezeMember(id: original.memberId, from: hold.from, until: hold.until, by: actor)
                    }
                    return saved
                }
                let added = try club.addMember(passId: changes.passId ?? "", username: changes.username ?? nil,
                                               fields: changes.fields.filter { $0.value != .null },
                                               status: changes.status ?? .active, expiresAt: changes.expiresAt ?? nil,
                                               note: changes.note ?? nil, plan: changes.plan, by: actor)
                guard case .some(let photo?) = changes.photo else { return added }
                return try club.setMemberPhoto(id: added.memberId, photo: photo, by: actor)
            },
            delete: { memberId, actor in _ = try club.deleteMember(id: memberId, by: actor) })
    }

    /// Every closure fails as unset: a test replaces those its effects reach.
    public static let unimplemented = MemberFormClient(
        visits: { _, _ in throw ClientUnavailable.unset("memberForm.visits") },
        visitsLeft: { _ in throw ClientUnavailable.unset("memberForm.visitsLeft") },
        save: { _, _, _ in throw ClientUnavailable.unset("memberForm.save") },
        delete: { _, _ in throw ClientUnavailable.unset("memberForm.delete") })
}

extension MemberFormClient: DeskFeatureClient {
    public static func live(from services: DeskServices) -> MemberFormClient { .live(services.club, photos: services.photoIntake) }
}
