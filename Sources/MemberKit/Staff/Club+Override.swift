import Foundation

extension Club {
    /// "Let in anyway": counts a visit for the member holding `raw` although the rules refused it
    /// (suspended, expired, full), recorded as an `override` with the refusal it overrode. Who may
    /// is the desk's to check (`StaffPermission.override`); a staff card or an unknown pass is
    /// still not let in, and a member already inside is answered as the rules would.
    @discardableResult
    public func admitAnyway(passId raw: String, source: CheckInSource = .manual, at date: Date? = nil,
                            by actor: AuditActor) throws -> CheckInReport {
        let pass = try normalize(raw, source: source.rawValue)
        let request = CheckInRequest(pass: pass, source: source, now: date ?? clock.now(), desk: terminal, settings: settings,
                                     mode: .override, actor: actor, ids: ids, recordsCheckIns: recordsCheckIns)
        // Its messages in its own commit, as a tap's: a counted visit is never left unsaid.
        return try perform(CheckInOperation(request: request))
    }
}
