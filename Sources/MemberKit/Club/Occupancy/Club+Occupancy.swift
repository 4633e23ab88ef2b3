import Foundation
@_spi(Decisions) import MemberCore

/// Who is inside: staff check-outs, closing time, and reads that catch closing time up first.
extension Club {
    /// Closing time's one job for the desk's timers (`scan`, the front desk, `sync watch`): closes
    /// overdue visits (`catchUpClosingTime`: `ClosingRule.checkOuts` decides), publishes the new
    /// count when anyone was checked out, and prunes events older than `visits.keep_days`. Returns
    /// how many were. Every read of who is inside catches closing time up first too (the same
    /// operation), so a desk that was off at closing time closes the day when it is next asked.
    @discardableResult
    public func closeOverdueVisits(at date: Date? = nil) throws -> Int {
        let now = date ?? clock.now()
        let notice = try catchUpClosingTime(at: now)
        try storeErrorsPublished {
            _ = try database.pruneVisitEvents(before: now.timeIntervalSince1970 - Double(settings.occupancy.keepDays) * 86400)
        }
        return notice?.checkedOut ?? 0
    }

    /// How many are inside now, closing time caught up first (`catchUpClosingTime`).
    public func insideCount(at date: Date? = nil) throws -> Int {
        try catchUpClosingTime(at: date ?? clock.now())
        return try storeErrorsPublished { try database.insideCount() }
    }

    /// Everyone inside now, by entry time, closing time caught up first.
    public func insideMembers(at date: Date? = nil) throws -> [InsideMember] {
        try catchUpClosingTime(at: date ?? clock.now())
        return try database.insideMembers()
    }

    /// Who is inside and the visits entered since `since` (the desk's curve of today), after one
    /// catch-up at `date` for both: the inside list and the spans agree on who closing time closed.
    public func insideAndVisitSpans(since: Double, at date: Date) throws -> (inside: [InsideMember], spans: [VisitSpan]) {
        try catchUpClosingTime(at: date)
        return (try database.insideMembers(),
                try database.visitSpans(since: since, ending: visitEnding(at: date.timeIntervalSince1970)))
    }

    /// How a visit with no exit of its own ends at this desk, as of `time`.
    public func visitEnding(at time: Double) -> VisitEndRule {
        VisitEndRule(settings: settings.occupancy, now: time)
    }

    /// Entries with their exits (`memberdesk visits`), closing time caught up first (as for every
    /// read of who is inside), and each visit with no exit ended by `VisitEndRule`.
    public func visitSpans(memberId: String? = nil, since: Double? = nil, until: Double? = nil,
                           at date: Date? = nil) throws -> [VisitSpan] {
        let now = date ?? clock.now()
        try catchUpClosingTime(at: now)
        return try database.visitSpans(memberId: memberId, since: since, until: until, ending: visitEnding(at: now.timeIntervalSince1970))
    }

    /// The report's figures of `period` at `now`: closing time caught up first, and visits with no
    /// exit ended as `visits` ends them.
    public func reportFigures(period: ReportPeriod, now: Date? = nil) throws -> AppDatabase.ReportRead {
        let now = now ?? clock.now()
        try catchUpClosingTime(at: now)
        return try database.reportFigures(period: period, now: now, ending: visitEnding(at: now.timeIntervalSince1970))
    }

    /// A staff check-out of the member holding `raw` (kind `staff`): `checkedOut`, or `notInside`
    /// / `unknownPass` with nothing changed. Never refuses, never counts a visit.
    /// With `guests`: only that many of the member's guests leave, the member staying (`guestsLeft`).
    @discardableResult
    public func checkOut(passId raw: String, source: CheckInSource = .manual, at date: Date? = nil,
                         by actor: AuditActor? = nil, guests: Int? = nil) throws -> CheckInReport {
        let pass = try normalize(raw, source: source.rawValue)
        return try checkOut(.pass(pass.passId), source: source, at: date, by: actor, guests: guests)
    }

    /// A staff check-out of a member by id (the desk's "Inside now" list).
    @discardableResult
    public func checkOut(memberId: String, source: CheckInSource = .manual, at date: Date? = nil,
                         by actor: AuditActor? = nil) throws -> CheckInReport {
        // A deleted member too: staff can still clear it from "Inside now".
        try checkOut(.member(id: memberId), source: source, at: date, by: actor)
    }

    /// The store's one transaction (`StaffCheckOutOperation`: it reads, `StaffCheckOut` decides,
    /// it writes), then the report published after the commit.
    private func checkOut(_ target: StaffCheckOut.Target, source: CheckInSource, at date: Date?,
                          by actor: AuditActor?, guests: Int? = nil) throws -> CheckInReport {
        var request = StaffCheckOut.Request(target: target, source: source, now: date ?? clock.now(), desk: terminal,
                                            occupancy: settings.occupancy, actor: actor ?? .anonymous(AuditMethod(source)),
                                            ids: ids, recordsCheckIns: recordsCheckIns)
        if let guests {
            guard try Self.guestCount(guests) > 0 else { throw DeskError.invalidInput("guests must be 1 or more") }
            request.guests = guests
        }
        return try perform(StaffCheckOutOperation(request: request))
    }

    /// Checks everyone inside out (kind `staff`), as `CheckOutAll` decides, in one transaction. Returns how many.
    @discardableResult
    public func checkOutAll(at date: Date? = nil, by actor: AuditActor = .anonymous(.manual)) throws -> Int {
        let operation = CheckOutAllOperation(now: date ?? clock.now(), occupancy: settings.occupancy, desk: terminal, actor: actor,
                                             ids: ids)
        return try perform(operation).checkedOut
    }

    /// A live member by memberId, or else by pass (read as a scan would be).
    public func member(idOrPass: String) throws -> MemberRecord? {
        if let member = try database.member(idOrPass: idOrPass) { return member }
        guard let pass = try? normalize(idOrPass), pass.passId != idOrPass else { return nil }
        return try database.member(idOrPass: pass.passId)
    }
}
