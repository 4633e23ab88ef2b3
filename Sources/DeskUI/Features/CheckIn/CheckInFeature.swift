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
    /// `g`'s count: the member's pass by hand, with guests on its entry.
    case withGuests(pass: String, guests: Int, operator: String?)
}

/// Only what the bus does not say comes back: a failure, or the members F4's text names.
public enum CheckInResult: Sendable, Equatable {
    case failed(String)
    /// F4's text is no member's pass but names these members (by the search's rule).
    case namedMembers(typed: String, members: [MemberRecord])
    case enrolFailed(String)
    case checkOutFailed(String)
}

/// What reaches check-in: its jobs' answers, and the commands of its keys and dialogs (past the lock).
enum CheckInAction: Equatable, FinishingAction {
    case finished(CheckInResult)
    /// F4's text.
    case typed(String)
    /// The member chosen for F4's text (a forgotten card).
    case named(MemberRecord, typed: String)
    case enrol(pass: String, name: String?)
    /// Enter in the enrol prompt's place: the unknown card given to the member who holds it but for zeros.
    case givePass(String, to: MemberRecord)
    /// The unknown card's holders declined: ask to enrol it instead.
    case askEnrol(pass: String)
    /// A pass typed at F4 that no member holds: asked about at once, the near holders' card first.
    case typedUnknown(pass: String, nearHolders: [MemberRecord])
    /// `x`: "Inside now"'s selection, else the member list's.
    case checkOutSelected
    /// `v`: the member list's selection, by its own pass.
    case checkInSelected
    /// `g`'s prompt answered: the member's pass with this many guests.
    case withGuests(pass: String, guests: Int)
}

/// What the keys act on, read only: whether a dialog is open, who the record names, the calendar a
/// chooser shows plans in, and what the main pane shows and has selected. It holds no dialog: the
/// ones check-in opens (the chooser, the enrol prompt) the parent opens over none.
struct CheckInSlice: Equatable {
    let dialogOpen: Bool
    let calendar: Calendar
    let enrolment: EnrolmentPolicy
    let operatorName: String?
    let showStats: Bool
    let showInside: Bool
    let insideSelection: InsideMember?
    let listSelection: MemberRecord?
    let listSelectionLoading: Bool
}

/// A failure shows on the banner, where staff look after a tap; F4's name opens the chooser of the
/// members it names, unless a dialog opened meanwhile (then the log says so).
enum CheckInFeature: DeskFeature {
    static var lens: SliceLens<CheckInSlice> {
        .readOnly { state in
            CheckInSlice(dialogOpen: state.dialog != nil, calendar: state.setup.plans.calendar, enrolment: state.setup.enrolment,
                         operatorName: state.lock.operatorName, showStats: state.showStats, showInside: state.showInside,
                         insideSelection: state.inside.selectedMember, listSelection: state.list.selectedMember,
                         listSelectionLoading: state.listSelectionLoading)
        }
    }

    static func reduce(_ slice: inout CheckInSlice, _ action: CheckInAction, now: Date) -> FeatureOutput {
        let by = slice.operatorName
        switch action {
        case .finished(let result): return finished(result, &slice)
        case .typed(let typed): return FeatureOutput(effects: [.checkIn(.typed(typed, operator: by))])
        case .named(let member, let typed):
            // The log keeps what was typed: the banner and the record name the member chosen.
            return FeatureOutput(effects: [.checkIn(.pass(member.passId, source: .manual, operator: by))],
                                 notes: [DeskNote(text: "check in: “\(typed)” is no pass; \(member.displayName) chosen", tone: .info)])
        case .enrol(let pass, let name):
            var out = FeatureOutput(effects: [.checkIn(.enrol(pass: pass, name: name, operator: by))])
            out.dismissBanner = true
            return out
        case .givePass(let pass, let member):
            let note = DeskNote(text: "card \(pass) given to \(member.displayName) (held \(member.passId))", tone: .info)
            var out = FeatureOutput(effects: [.checkIn(.givePass(pass: pass, memberId: member.memberId, operator: by))], notes: [note])
            out.dismissBanner = true
            return out
        case .askEnrol(let pass):
            return FeatureOutput(dialog: .open(.prompt(.enrol(pass: pass))))
        case .typedUnknown(let pass, let holders):
            guard !slice.dialogOpen else { return FeatureOutput() }
            if !holders.isEmpty {
                let give = GivePassDialog(pass: pass, holders: holders, canEnrol: slice.enrolment != .deny, calendar: slice.calendar)
                return FeatureOutput(dialog: .open(.givePass(give)))
            } else if slice.enrolment != .deny {
                return FeatureOutput(dialog: .open(.prompt(.enrol(pass: pass))))
            }
            return FeatureOutput()
        case .checkOutSelected:
            if slice.showInside, let member = slice.insideSelection {
                return FeatureOutput(effects: [.checkIn(.checkOut(memberId: member.memberId, operator: by))])
            } else if !slice.showStats, !slice.showInside, let member = slice.listSelection {
                return FeatureOutput(effects: [.checkIn(.checkOut(memberId: member.memberId, operator: by))])
            } else if !slice.showStats, slice.listSelectionLoading {
                // Not done later on its own: the person has not seen whom it would check out.
                return FeatureOutput(note: DeskNote(text: checkOutBeforeTheRow, tone: .info))
            }
            return FeatureOutput()
        case .withGuests(let pass, let guests):
            return FeatureOutput(effects: [.checkIn(.withGuests(pass: pass, guests: guests, operator: by))])
        case .checkInSelected:
            // The member's own pass, by hand: the rules, capacity and record of a tap, method `manual`.
            if slice.showStats || slice.showInside {
                return FeatureOutput(note: DeskNote(text: checkInOnlyFromTheList, tone: .info))
            } else if let member = slice.listSelection {
                return FeatureOutput(effects: [.checkIn(.pass(member.passId, source: .manual, operator: by))])
            } else if slice.listSelectionLoading {
                // Not done later on its own, as `x`: the person has not seen whom it would check in.
                return FeatureOutput(note: DeskNote(text: checkInBeforeTheRow, tone: .info))
            }
            return FeatureOutput()
        }
    }

    /// The log's line for `x` pressed before the selected member's row is read.
    static let checkOutBeforeTheRow = "member list: still loading; x checks out the selected member once its row shows"
    /// The log's line for `v` pressed before the selected member's row is read.
    static let checkInBeforeTheRow = "member list: still loading; v checks in the selected member once its row shows"
    /// The log's line for `v` away from the member list.
    static let checkInOnlyFromTheList = "v checks in the member list's selection: show the list first (i or s again)"

    private static func finished(_ result: CheckInResult, _ slice: inout CheckInSlice) -> FeatureOutput {
        switch result {
        case .failed(let error): return FeatureOutput(bannerError: "Not a pass: \(error)")
        case .enrolFailed(let error): return FeatureOutput(bannerError: "Could not enrol: \(error)")
        case .checkOutFailed(let error): return FeatureOutput(bannerError: "Could not check out: \(error)")
        case .namedMembers(let typed, let members):
            // The name typed at F4 for a forgotten card: staff choose the member (no enrolment offered).
            guard !slice.dialogOpen else {
                let text = "check in: “\(typed)” names \(CountText.of(members.count, "member")); a dialog opened meanwhile"
                return FeatureOutput(note: DeskNote(text: text, tone: .warning))
            }
            return FeatureOutput(dialog: .open(.typedNames(TypedNamesDialog(typed: typed, members: members, calendar: slice.calendar))))
        }
    }

    static func run(_ effect: CheckInEffect, on runner: DeskEffectRunner) {
        let checkIn = runner.clients[CheckInClient.self]
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
        case .withGuests(let pass, let guests, let name):
            runner.submit({ try checkIn.checkInWithGuests(pass, guests, byHand(name)); return nil }, failed: { .checkIn(.failed($0)) })
        }
    }

    /// Who a check-in by hand is recorded under.
    private static func byHand(_ name: String?) -> AuditActor { AuditActor(operator: name, method: .manual) }
}

// Its jobs travel as `.feature`, named `.checkIn(…)` where they are made.
extension CheckInEffect: FeatureEffect { typealias Feature = CheckInFeature }
extension CheckInResult: FeatureResult { typealias Feature = CheckInFeature }
extension DeskEffect { static func checkIn(_ effect: CheckInEffect) -> Self { .feature(AnyFeatureEffect(effect)) } }
extension JobResult { static func checkIn(_ result: CheckInResult) -> Self { .feature(AnyFeatureResult(result)) } }
