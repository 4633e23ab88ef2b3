import Foundation
import MemberKit

/// Check-ins by hand and by the wedge, enrolments, check-outs and a manager's override. Each
/// commits through `Club`, which publishes what happened (the banner shows it from there).
public enum CheckInEffect: Sendable, Equatable {
    /// `operator`: who the record names (nil: nobody signed in, or no lock).
    case pass(String, source: CheckInSource, operator: String?)
    /// F4's text: checked in as a pass when a member holds it or it names nobody; else the members
    /// it names come back (`CheckInResult.namedMembers`) to choose from, and nothing is recorded yet.
    case typed(String, operator: String?)
    case enrol(pass: String, name: String?, operator: String?)
    case givePass(pass: String, memberId: String, operator: String?)
    /// A staff check-out (kind `staff`) of a member by id, as the "Inside now" list names them.
    case checkOut(memberId: String, operator: String?)
    case letInAnyway(pass: String, operator: String)
}

/// Only what the bus does not say comes back: a failure, or the members F4's text names.
public enum CheckInResult: Sendable, Equatable {
    case failed(String)
    /// F4's text is no member's pass but names these members (by the search's rule).
    case namedMembers(typed: String, members: [MemberRecord])
    case enrolFailed(String)
    case checkOutFailed(String)
}

/// The open dialog, and the calendar a chooser of members shows their plans in.
struct CheckInSlice: Equatable {
    var dialog: DeskDialog?
    let calendar: Calendar
}

/// A failure shows on the banner, where staff look after a tap; F4's name opens the chooser of the
/// members it names, unless a dialog opened meanwhile (then the log says so).
enum CheckInFeature: DeskFeature {
    static var lens: SliceLens<CheckInSlice> {
        SliceLens(read: { CheckInSlice(dialog: $0.dialog, calendar: $0.setup.plans.calendar) },
                  write: { $1.dialog = $0.dialog })
    }

    static func reduce(_ slice: inout CheckInSlice, _ result: CheckInResult, now: Date) -> FeatureOutput {
        switch result {
        case .failed(let error): return FeatureOutput(bannerError: "Not a pass: \(error)")
        case .enrolFailed(let error): return FeatureOutput(bannerError: "Could not enrol: \(error)")
        case .checkOutFailed(let error): return FeatureOutput(bannerError: "Could not check out: \(error)")
        case .namedMembers(let typed, let members):
            // The name typed at F4 for a forgotten card: staff choose the member (no enrolment offered).
            guard slice.dialog == nil else {
                let text = "check in: “\(typed)” names \(CountText.of(members.count, "member")); a dialog opened meanwhile"
                return FeatureOutput(note: DeskNote(text: text, tone: .warning))
            }
            slice.dialog = .typedNames(TypedNamesDialog(typed: typed, members: members, calendar: slice.calendar))
            return FeatureOutput()
        }
    }

    static func run(_ effect: CheckInEffect, on runner: DeskEffectRunner) {
        let checkIn = runner.clients.checkIn
        switch effect {
        case .pass(let pass, let source, let name):
            // A pass typed by hand (F4) is not enrolled at once: the desk asks first (a typo is not a member).
            runner.submit({
                try checkIn.checkIn(pass, source, source != .manual, AuditActor(operator: name, method: AuditMethod(source)))
                return nil
            }, failed: { .checkIn(.failed($0)) })
        case .typed(let typed, let name):
            // A member's pass, or text that names nobody, is checked in as F4 always did (an unknown
            // pass is asked about); a name of members answers with them, and nothing is recorded yet.
            runner.submit({
                let named = try checkIn.membersNamed(typed)
                guard named.isEmpty else { return .checkIn(.namedMembers(typed: typed, members: named)) }
                try checkIn.checkIn(typed, .manual, false, byHand(name))
                return nil
            }, failed: { .checkIn(.failed($0)) })
        case .enrol(let pass, let name, let by):
            runner.submit({ try checkIn.enrol(pass, name, byHand(by)); return nil }, failed: { .checkIn(.enrolFailed($0)) })
        case .givePass(let pass, let memberId, let by):
            runner.submit({ try checkIn.givePass(pass, memberId, byHand(by)); return nil }, failed: { .checkIn(.failed($0)) })
        case .checkOut(let memberId, let name):
            // The exit (kind `staff`) is published on the bus: the banner says goodbye from there.
            runner.submit({ try checkIn.checkOut(memberId, byHand(name)); return nil }, failed: { .checkIn(.checkOutFailed($0)) })
        case .letInAnyway(let pass, let name):
            runner.submit({ try checkIn.admitAnyway(pass, byHand(name)); return nil }, failed: { .checkIn(.failed($0)) })
        }
    }

    /// Who a check-in by hand is recorded under.
    private static func byHand(_ name: String?) -> AuditActor { AuditActor(operator: name, method: .manual) }
}

extension CheckInEffect: FeatureEffect {
    typealias Feature = CheckInFeature
}

extension CheckInResult: FeatureResult {
    typealias Feature = CheckInFeature
}

extension DeskEffect {
    /// `.checkIn(…)`: one of CheckInFeature's effects.
    static func checkIn(_ effect: CheckInEffect) -> DeskEffect { .feature(AnyFeatureEffect(effect)) }
}

extension JobResult {
    /// `.checkIn(…)`: one of CheckInFeature's results.
    static func checkIn(_ result: CheckInResult) -> JobResult { .feature(AnyFeatureResult(result)) }
}
