/// "Check out all": every member inside gets a staff exit (source `staff`) and an `exit` line
/// marked `all`, whatever the audit setting for taps (it is one staff action). Pure: the store
/// read who is inside, closing time already applied.
@_spi(Decisions) public enum CheckOutAll {
    /// Each member's exit and its audit line (written as closing time's are: the line only with a new exit).
    package static func decide(inside: [MemberPresence], at time: Double, desk: TerminalIdentity, by actor: AuditActor,
                              ids: IdSource) -> [VisitCheckOut] {
        inside.map { entry in
            VisitCheckOut(exit: VisitEvent.exit(memberId: entry.memberId, since: entry.time, at: time, desk: desk.id, source: "staff",
                                                kind: .staff, eventId: ids.make()),
                          audit: AuditEntry.made(.exit, by: actor, at: desk, memberId: entry.memberId, detail: ["all": "yes"], time: time,
                                                 ids: ids))
        }
    }
}
