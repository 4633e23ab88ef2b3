import Foundation
import MemberKit

extension DeskReducer {
    /// The log's line for `x` pressed before the selected member's row is read.
    static let checkOutBeforeTheRow = "member list: still loading; x checks out the selected member once its row shows"
    /// The log's line for `v` pressed before the selected member's row is read.
    static let checkInBeforeTheRow = "member list: still loading; v checks in the selected member once its row shows"
    /// The log's line for `v` away from the member list.
    static let checkInOnlyFromTheList = "v checks in the member list's selection: show the list first (i or s again)"

    /// What a key asked for, after the pane or dialog that took it did its part.
    static func perform(_ command: DeskCommand, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        // Above the operator's role (or on a locked desk): a PIN first, then the command.
        guard allowed(command, &state, &effects, now: now) else { return }
        state.dialog?.performing(command)  // the dialog that sent it, if it did, does its part
        switch command {
        case .open(let opener):
            // Keys reach the desk only with no dialog open, so a dialog here came back at a sign-in
            // (set aside with typed text by the lock): it stays, and the opener is not run over it.
            if let open = state.dialog, open.holdsTypedText {
                state.log.add(DialogOpener.notOverTypedText, tone: .warning, at: now)
                return
            }
            guard let opening = opener.open(state, now: now) else {
                // No selection yet, only because its row is still on its way: not ignored without a word.
                if state.listSelectionLoading {
                    state.jobs.openOnceListed = opener
                    state.log.add(DialogOpener.onceListed, tone: .info, at: now)
                }
                return
            }
            if let dialog = opening.dialog { state.dialog = dialog }
            effects += opening.effects
        case .startSearch:
            layout(.showMembers, &state, &effects, now: now)
            memberList(.startSearch, &state, &effects, now: now)
        case .toggleRegions:
            route(RegionsFeature.self, .toggle(available: state.setup.regionsOn != nil), &state, &effects, now: now)
        case .quit:
            quit(.quit, &state, &effects, now: now)
        case .cycleSort:
            memberList(.sort, &state, &effects, now: now)
        case .toggleExpiring:
            memberList(.toggleExpiring(days: state.setup.plans.warnDays), &state, &effects, now: now)
        case .toggleStats:
            layout(.toggleStats, &state, &effects, now: now)
        case .toggleInside:
            layout(.toggleInside, &state, &effects, now: now)
        case .checkOutSelected:
            if state.showInside, let member = state.inside.selectedMember {
                effects.append(.checkIn(.checkOut(memberId: member.memberId, operator: state.lock.operatorName)))
            } else if !state.showStats, !state.showInside, let member = state.list.selectedMember {
                effects.append(.checkIn(.checkOut(memberId: member.memberId, operator: state.lock.operatorName)))
            } else if !state.showStats, state.listSelectionLoading {
                // Not done later on its own: the person has not seen whom it would check out.
                state.log.add(checkOutBeforeTheRow, tone: .info, at: now)
            }
        case .checkInSelected:
            // The member's own pass, by hand: the rules, capacity and record of a tap, method `manual`.
            if state.showStats || state.showInside {
                state.log.add(checkInOnlyFromTheList, tone: .info, at: now)
            } else if let member = state.list.selectedMember {
                effects.append(.checkIn(.pass(member.passId, source: .manual, operator: state.lock.operatorName)))
            } else if state.listSelectionLoading {
                // Not done later on its own, as `x`: the person has not seen whom it would check in.
                state.log.add(checkInBeforeTheRow, tone: .info, at: now)
            }
        case .swapSidePane:
            layout(.swapSidePane, &state, &effects, now: now)
        case .switchFocus:
            layout(.switchFocus, &state, &effects, now: now)
        case .escape:
            if !banner(.escape, &state, now: now), state.list.searchText != nil {
                memberList(.clearSearch, &state, &effects, now: now)
            }
        case .checkIn(let typed):
            effects.append(.checkIn(.typed(typed, operator: state.lock.operatorName)))
        case .checkInNamed(let member, let typed):
            // The log keeps what was typed: the banner and the record name the member chosen.
            state.log.add("check in: “\(typed)” is no pass; \(member.displayName) chosen", tone: .info, at: now)
            effects.append(.checkIn(.pass(member.passId, source: .manual, operator: state.lock.operatorName)))
        case .enrol(let pass, let name):
            banner(.dismiss, &state, now: now)
            effects.append(.checkIn(.enrol(pass: pass, name: name, operator: state.lock.operatorName)))
        case .givePass(let pass, let member):
            banner(.dismiss, &state, now: now)
            state.log.add("card \(pass) given to \(member.displayName) (held \(member.passId))", tone: .info, at: now)
            effects.append(.checkIn(.givePass(pass: pass, memberId: member.memberId, operator: state.lock.operatorName)))
        case .askEnrol(let pass):
            state.dialog = .prompt(.enrol(pass: pass))
        case .save(let original, let changes):
            // A new member gets its wallet pass in the same step when the wallet is set up.
            let walletPass = original == nil && state.setup.walletMissing == []
            effects.append(.memberForm(.save(original: original, changes: changes, operator: state.lock.operatorName,
                                             walletPass: walletPass)))
        case .delete(let member):
            effects.append(.memberForm(.delete(member, operator: state.lock.operatorName)))
        case .lock:
            lock(.lockKey, &state, &effects, now: now)
        case .letInAnyway:
            lock(.letInAnyway(bannerShowsRefusal: state.banner.visible(at: now)?.kind == .refused), &state, &effects, now: now)
        case .verifyPIN(let credential, let pin):
            lock(.verify(credential, pin), &state, &effects, now: now)
        case .previewImport(let file):
            effects.append(.imports(.preview(file: file, operator: state.lock.operatorName)))
        case .applyImport(let preview):
            effects.append(.imports(.apply(preview)))
        case .export(let format, let path):
            effects.append(.export(.write(format: format, path: path, operator: state.lock.operatorName)))
        case .listingChanged(let searchEdited):
            memberList(.listingChanged(searchEdited: searchEdited, at: now), &state, &effects, now: now)
        }
    }
}
