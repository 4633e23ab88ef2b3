/// Closing time's check-outs: which of the visits still open it ends, and how each is written.
extension ClosingRule {
    /// The exits closing time or the longest stay make at `now` for `inside` (members' entries,
    /// as the store read them before `dueBefore`), written by `desk` with method `auto`. An entry
    /// not yet due is left inside. Each exit's id is made from its entry's, so two desks closing
    /// the same visit record it once, and its audit entry carries that id.
    package static func checkOuts(of inside: [MemberPresence], now: Double, settings: OccupancySettings,
                                  desk: TerminalIdentity) -> [VisitCheckOut] {
        var window = ClosingWindow(settings: settings)
        return inside.compactMap { entry in
            let closing = settings.closingMinute == nil ? nil : window.nextClosing(after: entry.time)
            guard let time = exitTime(since: entry.time, now: now, maxStay: settings.maxStay, closing: closing) else { return nil }
            let exit = VisitEvent.exit(memberId: entry.memberId, since: entry.time, at: time, desk: desk.id, source: "auto",
                                       kind: .auto, eventId: VisitEvent.autoExitId(entryId: entry.eventId, time: time), placed: false)
            let audit = AuditEntry.made(.exit, by: .anonymous(.auto), at: desk, memberId: entry.memberId, time: time, entryId: exit.eventId)
            return VisitCheckOut(exit: exit, audit: audit)
        }
    }
}
