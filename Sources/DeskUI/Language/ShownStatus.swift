import DeskLanguage
import MemberKit

/// The words of the model's names where staff read them (the names stay English in --json and files).
enum ShownStatus {
    static func word(_ status: MemberStatus) -> String {
        switch status {
        case .active: return tr("active")
        case .suspended: return tr("suspended")
        }
    }

    static func source(_ source: CheckInSource) -> String {
        switch source {
        case .nfc: return tr("nfc")
        case .wedge: return tr("wedge")
        case .manual: return tr("manual")
        case .script: return tr("script")
        case .wallet: return tr("wallet")
        }
    }

    static func plan(_ plan: MemberPlan) -> String {
        switch plan {
        case .open: return tr("open")
        case .pack: return tr("pack")
        case .household: return tr("household")
        }
    }
}
