/// A card is an operator's or a member's, never both: checked whichever side takes it (adding or
/// editing a member, adding an operator or giving one a card), over what the store read of who
/// holds it now.
package enum CardOwnership {
    /// Who holds a card now, as the store read it.
    package struct Holders: Sendable, Equatable {
        /// The live operator whose staff card it is (nil: none).
        package var staff: String?
        /// A live member holds it as its pass.
        package var member: Bool

        package init(staff: String? = nil, member: Bool = false) {
            self.staff = staff
            self.member = member
        }
    }

    /// A member card that is an operator's card is refused.
    @_spi(Decisions) public static func requireFreeForMember(_ passId: String, isStaffCard: Bool) throws(DeskError) {
        if isStaffCard { throw DeskError.conflict("card \(passId) is a staff card; a member card must be its own") }
    }

    /// A member's pass that another live member holds (any case) is refused, naming the holder.
    @_spi(Decisions) public static func requireFreePass(_ passId: String, heldBy holder: MemberRecord?) throws(DeskError) {
        guard let holder else { return }
        throw DeskError.conflict(passTaken(passId, by: holder))
    }

    package static func passTaken(_ passId: String, by holder: MemberRecord) -> String {
        holder.displayName == holder.passId
            ? "pass \(passId) already belongs to a member with no name"
            : "pass \(passId) already belongs to \(holder.displayName)"
    }

    /// A card an operator may take: no other operator's, and no live member's.
    @_spi(Decisions) public static func requireFreeForStaff(_ card: String, _ holders: Holders) throws(DeskError) {
        if let holder = holders.staff { throw DeskError.conflict("card \(card) is already \(holder)'s staff card") }
        if holders.member { throw DeskError.conflict("card \(card) is a member's card; a staff card must be its own") }
    }
}
