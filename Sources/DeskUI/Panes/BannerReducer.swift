import Foundation
import MemberKit

/// What reaches the banner.
enum BannerAction {
    /// A tap's outcome; `policy`: whether an unknown card is offered for enrolment (Enter); `letIn`:
    /// a refusal's line saying how to let the member in anyway.
    case show(CheckInReport, policy: EnrolmentPolicy, plans: PlanSettings, letIn: String? = nil)
    /// A job that failed where staff look (a check-in, a check-out, an import).
    case showError(String)
    /// A staff card's sign-in, or an enrolment under way: nothing to show.
    case dismiss
    /// Esc: dismiss the banner if it shows.
    case escape
    /// The clock moved: forget a faded banner.
    case expire
}

/// The banner's reducer: it alone changes `BannerModel`. The answer says whether what shows
/// changed (for `.escape`: whether the banner took the key; the search is cleared otherwise).
enum BannerReducer {
    static func reduce(_ banner: inout BannerModel, _ action: BannerAction, now: Date) -> Bool {
        switch action {
        case .show(let report, let policy, let plans, let letIn):
            banner.show(report, policy: policy, plans: plans, letIn: letIn, now: now)
            return true
        case .showError(let message):
            banner.showError(message, now: now)
            return true
        case .dismiss:
            let shown = banner.visible(at: now) != nil
            banner.dismiss()
            return shown
        case .escape:
            guard banner.visible(at: now) != nil else { return false }
            banner.dismiss()
            return true
        case .expire:
            return banner.expire(now: now)
        }
    }
}
