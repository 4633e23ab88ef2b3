import Foundation
import MemberKit

extension DeskReducer {
    /// What a key asked for, after the pane or dialog that took it did its part.
    static func perform(_ command: DeskCommand, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        // Above the operator's role (or on a locked desk): a PIN first, then the command.
        guard allowed(command, &state, &effects, now: now) else { return }
        state.dialog?.performing(command)  // the dialog that sent it, if it did, does its part
        switch command {
        case .open(let opener):
            let attempt = opener.attempt(on: state, now: now)
            if attempt.waitsForTheList { state.jobs.openOnceListed = opener }
            if let dialog = attempt.opening?.dialog { state.dialog = dialog }
            carryOut(attempt, &state, &effects, now: now)
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
            route(CheckInFeature.self, .checkOutSelected, &state, &effects, now: now)
        case .checkInSelected:
            route(CheckInFeature.self, .checkInSelected, &state, &effects, now: now)
        case .checkInWithGuests(let pass, let guests):
            route(CheckInFeature.self, .withGuests(pass: pass, guests: guests), &state, &effects, now: now)
        case .swapSidePane:
            layout(.swapSidePane, &state, &effects, now: now)
        case .switchFocus:
            layout(.switchFocus, &state, &effects, now: now)
        case .escape:
            if !banner(.escape, &state, now: now), state.list.searchText != nil {
                memberList(.clearSearch, &state, &effects, now: now)
            }
        case .checkIn(let typed):
            route(CheckInFeature.self, .typed(typed), &state, &effects, now: now)
        case .checkInNamed(let member, let typed):
            route(CheckInFeature.self, .named(member, typed: typed), &state, &effects, now: now)
        case .enrol(let pass, let name):
            route(CheckInFeature.self, .enrol(pass: pass, name: name), &state, &effects, now: now)
        case .givePass(let pass, let member):
            route(CheckInFeature.self, .givePass(pass, to: member), &state, &effects, now: now)
        case .askEnrol(let pass):
            route(CheckInFeature.self, .askEnrol(pass: pass), &state, &effects, now: now)
        case .save(let original, let changes):
            route(MemberFormFeature.self, .save(original: original, changes: changes), &state, &effects, now: now)
        case .delete(let member):
            route(MemberFormFeature.self, .delete(member), &state, &effects, now: now)
        case .lock:
            lock(.lockKey, &state, &effects, now: now)
        case .letInAnyway:
            lock(.letInAnyway(bannerShowsRefusal: state.banner.visible(at: now)?.kind == .refused), &state, &effects, now: now)
        case .verifyPIN(let credential, let pin):
            lock(.verify(credential, pin), &state, &effects, now: now)
        case .previewImport(let file):
            route(ImportFeature.self, .preview(file: file), &state, &effects, now: now)
        case .applyImport(let preview):
            route(ImportFeature.self, .apply(preview), &state, &effects, now: now)
        case .export(let format, let path):
            route(ExportFeature.self, .write(format: format, path: path), &state, &effects, now: now)
        case .listingChanged(let searchEdited):
            memberList(.listingChanged(searchEdited: searchEdited, at: now), &state, &effects, now: now)
        }
    }
}
