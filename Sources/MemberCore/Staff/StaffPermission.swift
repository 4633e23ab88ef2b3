/// What the front desk guards, and the least role for each. Taps, wedge scans, search and
/// looking are open to all, even on a locked desk.
public enum StaffPermission: Sendable, Equatable, CaseIterable {
    /// Check in by hand, add a member, edit name, e-mail and note, check out, quit a locked desk.
    case checkInByHand, addMember, editContact, checkOut, quitDesk
    /// Delete, suspend and reinstate, change expiry or plan, import, export, regions, let in anyway.
    case deleteMember, suspend, changeExpiry, importMembers, exportMembers, switchRegions, override, viewAudit

    var role: StaffRole {
        switch self {
        case .checkInByHand, .addMember, .editContact, .checkOut, .quitDesk: return .desk
        case .deleteMember, .suspend, .changeExpiry, .importMembers, .exportMembers, .switchRegions, .override, .viewAudit:
            return .manager
        }
    }

    /// Whether an operator of `role` may do this.
    public func allows(_ role: StaffRole) -> Bool { role >= self.role }
}
