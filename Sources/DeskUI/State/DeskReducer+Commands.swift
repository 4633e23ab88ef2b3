import Foundation
import MemberKit

extension DeskReducer {
    /// What a key asked for, after the pane or dialog that took it did its part.
    static func perform(_ command: DeskCommand, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        // Above the operator's role (or on a locked desk): a PIN first, then the command.
        guard allowed(command, &state, &effects, now: now) else { return }
        switch command {
        case .showHelp:
            state.dialog = .help(HelpText.dialog)
        case .editSelected:
            // Over a refusal ("Pack used up — sell a new pack (F2)") it edits the member refused.
            if let member = state.banner.visible(at: now)?.refusedMember ?? state.listSelection { openForm(member, &state, &effects) }
        case .startSearch:
            layout(.showMembers, &state, &effects, now: now)
            memberList(.startSearch, &state, &effects, now: now)
        case .openCheckIn:
            state.dialog = .prompt(.checkIn())
        case .openExport:
            let formats = state.setup.exportFormats
            state.dialog = formats.isEmpty
                ? .notice(NoticeDialog(title: "Export", lines: ["Export is not available in this build."]))
                : .export(ExportDialog(formats: formats, defaultPaths: formats.map(state.setup.exportPath)))
        case .openImport:
            state.dialog = state.setup.canImport
                ? .prompt(.importFile())
                : .notice(NoticeDialog(title: "Import", lines: ["Import is not available in this build."]))
        case .newMember:
            openForm(nil, &state, &effects)
        case .confirmDeleteSelected:
            if let member = state.listSelection { state.dialog = .confirmDelete(ConfirmDeleteDialog(member: member)) }
        case .toggleRegions:
            if state.setup.regionsOn == nil {
                state.log.add("regions: not available in this build", tone: .warning, at: now)
            } else {
                effects.append(.switchRegions)
            }
        case .quit:
            state.wantsQuit = true
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
                effects.append(.checkOut(memberId: member.memberId, operator: state.lock.operatorName))
            } else if !state.showStats, !state.showInside, let member = state.list.selectedMember {
                effects.append(.checkOut(memberId: member.memberId, operator: state.lock.operatorName))
            }
        case .swapSidePane:
            layout(.swapSidePane, &state, &effects, now: now)
        case .walletPassSelected:
            walletPass(&state, &effects)
        case .showLogEntry:
            if let entry = state.log.selectedEntry {
                state.dialog = .notice(NoticeDialog(title: "Event log · \(RelativeTime.clock(entry.time))", lines: [entry.text]))
            }
        case .switchFocus:
            layout(.switchFocus, &state, &effects, now: now)
        case .enter:
            if let pass = state.banner.visible(at: now)?.enrolPass {
                state.dialog = .prompt(.enrol(pass: pass))
            } else if let member = state.listSelection {
                openForm(member, &state, &effects)
            }
        case .escape:
            if state.banner.visible(at: now) != nil {
                state.banner.dismiss()
            } else if state.list.searchText != nil {
                memberList(.clearSearch, &state, &effects, now: now)
            }
        case .checkIn(let pass):
            effects.append(.checkIn(pass: pass, source: .manual, operator: state.lock.operatorName))
        case .enrol(let pass, let name):
            state.banner.dismiss()
            effects.append(.enrol(pass: pass, name: name, operator: state.lock.operatorName))
        case .save(let original, let changes):
            state.dialog?.form?.saving = true
            // A new member gets its wallet pass in the same step when the wallet is set up.
            let walletPass = original == nil && state.setup.walletMissing == []
            effects.append(.save(original: original, changes: changes, operator: state.lock.operatorName, walletPass: walletPass))
        case .delete(let member):
            effects.append(.delete(member, operator: state.lock.operatorName))
        case .lock:
            lock(.lockKey, &state, &effects, now: now)
        case .letInAnyway:
            lock(.letInAnyway(bannerShowsRefusal: state.banner.visible(at: now)?.kind == .refused), &state, &effects, now: now)
        case .showAudit:
            effects.append(.loadAudit)
        case .verifyPIN(let credential, let pin):
            lock(.verify(credential, pin), &state, &effects, now: now)
        case .previewImport(let file):
            effects.append(.previewImport(file: file, operator: state.lock.operatorName))
        case .applyImport(let preview):
            effects.append(.applyImport(preview))
        case .export(let format, let path):
            effects.append(.export(format: format, path: path, operator: state.lock.operatorName))
        case .listingChanged(let searchEdited):
            memberList(.listingChanged(searchEdited: searchEdited, at: now), &state, &effects, now: now)
        }
    }

    /// `w`: the selected member's pass, or what `[wallet]` set-up is missing.
    static func walletPass(_ state: inout DeskState, _ effects: inout [DeskEffect]) {
        guard let missing = state.setup.walletMissing else {
            state.dialog = .notice(NoticeDialog(title: "Wallet pass", lines: ["Wallet passes are not available in this build."]))
            return
        }
        guard missing.isEmpty else {
            state.dialog = .notice(NoticeDialog(title: "Wallet pass", lines: ["The wallet is not set up. Set in the config:"]
                + missing.map { "  \($0)" } + ["(docs/wallet.md; memberdesk config show)"]))
            return
        }
        let memberId = state.showInside ? state.inside.selectedMember?.memberId : state.showStats ? nil : state.list.selectedMember?.memberId
        guard let memberId else { return }
        effects.append(.writeWalletPass(memberId: memberId))
    }

    static func openForm(_ member: MemberRecord?, _ state: inout DeskState, _ effects: inout [DeskEffect]) {
        state.dialog = .form(MemberFormModel(member: member, extraFields: state.setup.memberFields))
        if let member { effects.append(.loadVisits(member)) }
    }
}
