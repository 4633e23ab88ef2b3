/// "Check out all": every member inside gets a staff exit (source `staff`) and an `exit` line
/// marked `all`, whatever the audit setting for taps (it is one staff action). Pure: the store
/// read who is inside, closing time already applied.
package enum CheckOutAll {
    /// One member's exit and its audit line; the store records the line only when the exit is new.
    package struct CheckOut: Sendable, Equatable {
        package var exit: VisitEvent
        package var audit: AuditEntry
    }

    package static func decide(inside: [MemberPresence], at time: Double, desk: TerminalIdentity, by actor: AuditActor) -> [CheckOut] {
        inside.map { entry in
            CheckOut(exit: VisitEvent.exit(memberId: entry.memberId, since: entry.time, at: time, desk: desk.id, source: "staff",
                                           kind: .staff),
                     audit: AuditEntry.made(.exit, by: actor, at: desk, memberId: entry.memberId, detail: ["all": "yes"], time: time))
        }
    }
}
