import DeskLanguage
import MemberKit

/// A check-in's line in the desk's language, around the member's name (the banner cuts the name,
/// never the words after it). The core's constant words are marked `N_` and translated here;
/// the lines it builds with a number or a time are built again here from the outcome. The
/// commands' plain output reads them too.
package enum ShownOutcome {
    package static func parts(_ report: CheckInReport, sellPack: String) -> (before: String, name: String, after: String) {
        var parts = outcomeParts(report)
        if case .refused(_, .packUsedUp) = report.outcome { parts.before += " (\(sellPack))" }
        if report.guests > 0, report.outcome.isEntry {
            parts.after += " · " + trn("%d guest", "%d guests", report.guests)
        }
        return parts
    }

    private static func outcomeParts(_ report: CheckInReport) -> (before: String, name: String, after: String) {
        switch report.outcome {
        case .refused(_, .capacity) where report.capacity > 0:
            return (tr("Full (%@/%@)", DeskLanguage.number(report.insideCount), DeskLanguage.number(report.capacity)), "", "")
        case .refused:
            if let line = report.refusalLine { return (tr(line), "", "") }
        case .checkedIn(let member, let visit) where visit != 1:
            return (tr("Welcome back, "), member.displayName, tr(" — visit #%@", String(visit)))
        case .duplicate(_, let since):
            return (tr("Already checked in %@ ago", ShownDuration.short(seconds: since)), "", "")
        case .duplicateExit(_, let since):
            return (tr("Already checked out %@ ago", ShownDuration.short(seconds: since)), "", "")
        case .checkedOut(let member, let stay):
            return (tr("Goodbye, "), member.displayName, tr(" — %@", ShownDuration.stay(seconds: stay)))
        case .guestsLeft(let member, let left, let still) where left > 0:
            return (trn("%d guest of ", "%d guests of ", left), member.displayName,
                    still > 0 ? trn(" left — %d still inside", " left — %d still inside", still) : tr(" left"))
        case .cardRefused(_, let reason) where ![.replay, .insecure, .noWalletPass, .passReplaced, .passRevoked].contains(reason):
            return (tr("Card refused (%@)", reason.rawValue), "", "")
        case .walletRefused(.noWalletPass, let organization):
            return (organization.isEmpty ? tr("No club pass on this phone") : tr("No %@ pass on this phone", organization), "", "")
        default:
            break
        }
        // The rest are the core's constant words (N_).
        let english = report.outcome.messageParts
        return (tr(english.before), english.name, tr(english.after))
    }
}
