import Foundation
@_spi(Decisions) import MemberCore

/// Operators: adding, removing, new PINs and cards. The name is checked, the card normalized and
/// the PIN hashed here; one store operation (`perform`) then reads the account and who holds the
/// card, `StaffAddition` / `StaffEdit` (MemberCore) decide, and the change and its audit line
/// commit together. A staff card is never a member's card (`CardOwnership`, both ways).
extension Club {
    @discardableResult
    public func addStaff(name rawName: String, role: StaffRole, card rawCard: String? = nil, pin: PIN,
                         hasher: any PINHasher, by actor: AuditActor) throws -> StaffAccount {
        let name = try StaffAccount.validName(rawName)
        let card = try rawCard.map { try normalize($0).passId }
        let hash = try hasher.hash(pin)
        return try perform(StaffAdditionOperation(request: StaffAddition.Request(
            name: name, role: role, card: card, pinHash: hash, time: clock.now().timeIntervalSince1970, desk: terminal,
            actor: actor, ids: ids))).account
    }

    public func removeStaff(name: String, by actor: AuditActor) throws {
        try changeStaff(name: name, .remove, by: actor)
    }

    public func setStaffPIN(name: String, pin: PIN, hasher: any PINHasher, by actor: AuditActor) throws {
        let hash = try hasher.hash(pin)
        try changeStaff(name: name, .pin(hash: hash), by: actor)
    }

    /// Returns the card as stored (what a reader gives for it), for the caller to show.
    @discardableResult
    public func setStaffCard(name: String, card rawCard: String, by actor: AuditActor) throws -> String {
        let card = try normalize(rawCard).passId
        try changeStaff(name: name, .card(card), by: actor)
        return card
    }

    private func changeStaff(name: String, _ edit: StaffEdit, by actor: AuditActor) throws {
        _ = try perform(StaffEditOperation(name: name, edit: edit, stamp: editStamp(by: actor)))
    }
}
