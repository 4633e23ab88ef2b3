extension AuditEntry {
    /// Who an automatic exit's line says made it: the closing rule (closing time or the longest
    /// stay), never the desk that noticed, so every desk derives the same bytes.
    package static let closingRuleMaker = "closing rule"

    /// The audit line of an automatic exit, derived from the exit alone (its id, time and desk,
    /// the desk of the entry it closes): a desk that closes the visit and a desk that merges the
    /// exit hold the same line, so after sync every desk's record is the same.
    package static func automaticExit(_ exit: VisitEvent) -> AuditEntry {
        made(.exit, by: .anonymous(.auto), at: TerminalIdentity(id: exit.terminalId, name: closingRuleMaker), memberId: exit.memberId,
             time: exit.time, entryId: exit.eventId)
    }
}
