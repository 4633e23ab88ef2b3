/// Closing time's check-outs: which of the visits still open it ends, and how each is written.
extension ClosingRule {
    /// The exits closing time or the longest stay make at `now` for `inside` (members' entries,
    /// as the store read them before `dueBefore`), with method `auto`. An entry not yet due is left
    /// inside. Everything in an exit and its audit line derives from the visit it closes (ids from
    /// the entry's, time the closing instant, desk the entry's), never from the desk that noticed:
    /// two desks closing the same visit make one event and one line, identical on every desk.
    @_spi(Decisions) public static func checkOuts(of inside: [MemberPresence], now: Double, settings: OccupancySettings) -> [VisitCheckOut] {
        var window = ClosingWindow(settings: settings)
        return inside.compactMap { entry -> VisitCheckOut? in
            let closing = settings.closingMinute == nil && !settings.closesAtHours ? nil : window.nextClosing(after: entry.time)
            guard let time = exitTime(since: entry.time, now: now, maxStay: settings.maxStay, closing: closing) else { return nil }
            let exit = VisitEvent.exit(memberId: entry.memberId, since: entry.time, at: time, desk: entry.terminalId, source: "auto",
                                       kind: .auto, eventId: VisitEvent.autoExitId(entryId: entry.eventId, time: time), placed: false)
            return VisitCheckOut(exit: exit, audit: AuditEntry.automaticExit(exit))
        }
    }
}
