import ArgumentParser
import Foundation
import MemberKit

/// `members freeze` and `members unfreeze`: holds, days of the club's calendar.
struct MembersFreezeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freeze",
        abstract: "Put a member on hold: refused (frozen) from --from through --until; the expiry moves out by the days held.",
        discussion: """
            Holds that overlap or touch are kept as one. With plans.freeze_extends_expiry (the default) the member's expiry \
            moves out by the days a freeze adds. A household head's freeze holds its household too, unless --head-only.
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "A member id or a pass.") var id: String
    @Option(help: ArgumentHelp("The first day held: YYYY-MM-DD, or today (the default).", valueName: "DAY")) var from = "today"
    @Option(help: ArgumentHelp("The last day held, YYYY-MM-DD.", valueName: "DAY")) var until: String?
    @Option(help: ArgumentHelp("Or: how many days, from --from.", valueName: "N")) var days: Int?
    @Option(help: ArgumentHelp("Why (\"holiday\", \"injury\"): said at the door.", valueName: "TEXT")) var reason: String?
    @Flag(name: .customLong("head-only"), help: "A household head's freeze that leaves its household coming in.") var headOnly = false
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if from != "today", CalendarDay(parsing: from) == nil { throw ValidationError("--from '\(from)' is not a day: use YYYY-MM-DD or today") }
        switch (until, days) {
        case (nil, nil): throw ValidationError("give --until DAY or --days N")
        case (.some, .some): throw ValidationError("give --until or --days, not both")
        case (let until?, nil):
            guard CalendarDay(parsing: until) != nil else { throw ValidationError("--until '\(until)' is not a day: use YYYY-MM-DD") }
        case (nil, let days?):
            guard (1...366).contains(days) else { throw ValidationError("--days must be 1 to 366, not \(days)") }
        }
        if let reason {
            do { try MemberFieldRules.validateHoldReason(reason) } catch { throw ValidationError("--reason: \(error)") }
        }
    }

    func run() throws {
        let context = try DeskContext.open(global)
        let member = try context.member(id)
        let today = context.club.settings.plans.day(of: context.club.clock.now().timeIntervalSince1970)
        let first = from == "today" ? today : CalendarDay(parsing: from)!
        let last = until.flatMap(CalendarDay.init(parsing:)) ?? first.adding(days: (days ?? 1) - 1)
        let frozen = try context.club.freezeMember(id: member.memberId, from: first, until: last, reason: reason,
                                                   headOnly: headOnly, by: context.actor)
        try context.report(frozen, json: json, "froze \(frozen.displayName) from \(first) through \(last)"
                           + MembersFreezeCommand.expirySaid(frozen, before: member, context))
    }

    /// ", expires 2027-02-14 (was 2027-01-31)" when the freeze moved the expiry.
    static func expirySaid(_ after: MemberRecord, before: MemberRecord, _ context: DeskContext) -> String {
        guard after.expiresAt != before.expiresAt else { return "" }
        let calendar = context.club.settings.plans.calendar
        return "; expires \(MemberFieldRules.expiryText(after.expiresAt, calendar: calendar))"
            + " (was \(MemberFieldRules.expiryText(before.expiresAt, calendar: calendar)))"
    }
}

struct MembersUnfreezeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfreeze",
        abstract: "End a member's freeze early: the one holding today ends yesterday; else the next one is cancelled.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "A member id or a pass.") var id: String
    @Option(help: ArgumentHelp("The freeze that starts on DAY (YYYY-MM-DD), where there are several.", valueName: "DAY"))
    var starting: String?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if let starting, CalendarDay(parsing: starting) == nil { throw ValidationError("--starting '\(starting)' is not a day: use YYYY-MM-DD") }
    }

    func run() throws {
        let context = try DeskContext.open(global)
        let member = try context.member(id)
        let after = try context.club.unfreezeMember(id: member.memberId, starting: starting.flatMap(CalendarDay.init(parsing:)),
                                                    by: context.actor)
        try context.report(after, json: json, "unfroze \(after.displayName)" + MembersFreezeCommand.expirySaid(after, before: member, context))
    }
}
