extension Club {
    /// Points a member at a stored photo, or at none: an edit of its `photo` field, stamped and
    /// audited as any other edit, that the sync carries to the other desks. The file is stored
    /// first (DeskPhotos' `PhotoFolder`); this records which one the member has.
    @discardableResult
    public func setMemberPhoto(id: String, photo hash: String?, by actor: AuditActor = .anonymous(.manual)) throws -> MemberRecord {
        if let hash, !MemberFieldRules.isPhotoHash(hash) { throw DeskError.invalidInput("photo: '\(hash)' is not a SHA-256 in hex") }
        return try updateMember(id: id, MemberChanges(photo: .some(hash)), by: actor)
    }
}
