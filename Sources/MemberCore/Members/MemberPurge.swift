/// Erasing a deleted member's personal data (the right to erasure): pure. The tombstone keeps only
/// what the merge laws and the figures need: its id, its deletion (with that field's own stamp),
/// its added time and last visit, its status, expiry and plan, and when it got its card
/// (`passSince`: unification compares holdings). Its name, note, member-type fields, birthday,
/// alert, holds, waiver, guardian, photo and household link are blanked, and its pass (a card UID is personal data) becomes
/// `erasedPass(of:)`, derived from the member the person is kept under, so a person's unified
/// enrolments stay one group. One new stamp covers every field, so the erasure is newer than any
/// copy already in a file, and `MergeRules` keeps an erased tombstone whatever it meets.
@_spi(Decisions) public enum MemberPurge {
    /// No tap, wedge or typed pass may start with it (`PassIdNormalizer` refuses it).
    package static let erasedPassPrefix = "erased:"

    package static func erasedPass(of survivorId: String) -> String { erasedPassPrefix + survivorId }

    /// `stored` is the member to erase (a tombstone, else this throws), `unified` the members
    /// unified into it (the same person's other enrolments: each is erased, and deleted if live).
    package static func decide(_ stored: MemberRecord?, memberId: String, unified: [MemberRecord], at time: Double,
                               desk: TerminalIdentity, by actor: AuditActor, ids: IdSource) throws -> MemberChange {
        guard let member = stored else { throw DeskError.notFound("no member \(memberId)") }
        guard member.isDeleted else {
            throw DeskError.conflict("\(member.displayName) is not deleted: run memberdesk members delete \(member.memberId) first")
        }
        guard !member.isPurged || unified.contains(where: { !$0.isPurged }) else {
            throw DeskError.conflict("member \(member.memberId) is already erased")
        }
        let pass = erasedPass(of: member.memberId)
        var change = MemberChange(settledPasses: [pass])
        for record in [member] + unified where !record.isPurged {
            let erased = erased(record, pass: pass, at: time, by: desk.id)
            change.writes.append(.update(erased))
            change.events.append(.updated(erased))
            if !change.settledPasses.contains(where: { PassIdNormalizer.samePass($0, record.passId) }) {
                change.settledPasses.append(record.passId)  // the card's other holders are grouped again without it
            }
        }
        change.audit = [AuditEntry.made(.purge, by: actor, at: desk, memberId: member.memberId, time: time, ids: ids)]
        return change
    }

    /// `record` with its personal data blanked, deleted (at `time` if it was not), stamped anew.
    package static func erased(_ record: MemberRecord, pass: String, at time: Double, by desk: String) -> MemberRecord {
        var erased = record
        erased.passId = pass
        erased.username = nil
        erased.note = nil
        erased.fields = [:]
        erased.birthday = nil
        erased.alert = nil
        erased.holdRecords = []
        erased.waiver = nil
        erased.guardian = nil
        erased.photo = nil
        erased.household = nil
        if erased.plan == .household { erased.plan = .open }  // a household member without its head is open
        let next = VersionStamp.next(after: record.modifiedAt, at: time)
        let deletion = record.deletedAt == nil ? FieldStamp(time: next, desk: desk) : record.stamp(of: "deletedAt")
        erased.deletedAt = record.deletedAt ?? next
        erased.modifiedAt = next
        erased.modifiedBy = desk
        // No `replaced` time: an erasure is no edit to report as a conflict (that would copy the value back into the record).
        erased.setStamps(rest: FieldStamp(time: next, desk: desk), edited: ["deletedAt": deletion])
        return erased
    }
}

extension MemberRecord {
    /// A tombstone whose personal data was erased (`MemberPurge`).
    package var isPurged: Bool { deletedAt != nil && passId.hasPrefix(MemberPurge.erasedPassPrefix) }
}
