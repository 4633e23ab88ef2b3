import ArgumentParser
import MemberKit

/// `members add` and `members edit`'s options for what the door must know: --alert, --waiver,
/// --guardian (on an edit, each empty clears it).
struct DoorOptions: ParsableArguments {
    @Option(help: ArgumentHelp("What staff must see on every tap until cleared (\"Unpaid since November\"); empty clears it.",
                               valueName: "TEXT"))
    var alert: String?
    @Option(help: ArgumentHelp("The day the member signed the waiver, YYYY-MM-DD (empty clears it).", valueName: "DAY"))
    var waiver: String?
    @Option(help: ArgumentHelp("A minor's guardian, by name (empty clears it).", valueName: "NAME"))
    var guardian: String?

    var isEmpty: Bool { alert == nil && waiver == nil && guardian == nil }

    func validate() throws {
        do {
            if let alert { try MemberFieldRules.validateAlert(alert) }
            if let guardian { try MemberFieldRules.validateName(guardian, field: "--guardian") }
        } catch {
            throw ValidationError("\(error)")
        }
        if let waiver, !waiver.isEmpty, CalendarDay(parsing: waiver) == nil {
            throw ValidationError("--waiver '\(waiver)' is not a day: use YYYY-MM-DD")
        }
    }

    /// A new member's (validated first: an unparsed waiver cannot reach here).
    var details: DoorDetails {
        DoorDetails(alert: alert, waiver: waiver.flatMap(CalendarDay.init(parsing:)), guardian: guardian)
    }

    func apply(to changes: inout MemberChanges) {
        if let alert { changes.alert = .some(alert.isEmpty ? nil : alert) }
        if let waiver { changes.waiver = .some(waiver.isEmpty ? nil : CalendarDay(parsing: waiver)) }
        if let guardian { changes.guardian = .some(guardian.isEmpty ? nil : guardian) }
    }
}
