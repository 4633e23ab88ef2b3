import DeskLanguage
import MemberKit

/// `DoorNotice`'s line in the desk's language ("3 visits left", "Happy birthday!").
package enum ShownDoorNotice {
    package static func line(for report: CheckInReport, settings: PlanSettings) -> String? {
        let facts = DoorNotice.facts(for: report, settings: settings)
        return facts.isEmpty ? nil : facts.map(words).joined(separator: " · ")
    }

    static func words(_ fact: DoorNotice.Fact) -> String {
        switch fact {
        case .birthday: return tr("Happy birthday!")
        case .visitsLeft(let left): return visitsLeft(left)
        case .expiresIn(0): return tr("Expires today")
        case .expiresIn(1): return tr("Expires tomorrow")
        case .expiresIn(let days): return trn("Expires in %d day", "Expires in %d days", days)
        case .expired(let days) where days <= 0: return tr("Expired today")
        case .expired(1): return tr("Expired yesterday")
        case .expired(let days): return trn("Expired %d day ago", "Expired %d days ago", days)
        case .household(let head): return tr("Household of %@", head)
        }
    }

    static func visitsLeft(_ left: Int) -> String {
        switch left {
        case ..<0: return trn("Owes %d visit", "Owes %d visits", -left)
        case 0: return tr("Last visit on this pack")
        default: return trn("%d visit left", "%d visits left", left)
        }
    }

    /// A pack's balance as it stands (not after a visit): "0 visits left", "Owes 2 visits".
    static func balance(_ left: Int) -> String {
        left == 0 ? trn("%d visit left", "%d visits left", 0) : visitsLeft(left)
    }
}
