import Foundation
import MemberKit

extension DeskReducer {
    /// What the bus says happened elsewhere: check-ins (the banner), member changes, the reader, beacons, regions.
    static func apply(_ event: DeskEvent, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        switch event {
        case .checkIn(let report):
            // An unknown pass typed by hand (F4) is asked about at once: Enter enrols it.
            let typedUnknown = report.source == .manual && state.setup.enrolment != .deny
            // A staff card tapped to sign in opens the sign-in: no red "not a member card" banner.
            if case .staffCard = report.outcome, state.lock.enabled {
                banner(.dismiss, &state, now: now)
            } else {
                banner(.show(report, policy: typedUnknown ? .prompt : state.setup.enrolment, plans: state.setup.plans,
                             letIn: state.lock.letInAnywayHint), &state, now: now)
            }
            if case .unknownPass(let pass) = report.outcome, report.source == .manual, state.dialog == nil {
                // Typed by hand (F4): asked about at once, the near holders' card before a new member.
                if !report.nearPassHolders.isEmpty {
                    state.dialog = .givePass(GivePassDialog(for: pass, report.nearPassHolders, state))
                } else if typedUnknown {
                    state.dialog = .prompt(.enrol(pass: pass))
                }
            }
            if let member = report.outcome.member { memberList(.replace(member), &state, &effects, now: now) }
            var enrolled = false
            if case .enrolled = report.outcome { enrolled = true }
            memberList(.membersChanged(recount: enrolled), &state, &effects, now: now)
            inside(.changed(count: report.insideCount), &state, &effects, now: now)
            if case .refused = report.outcome { lock(.refused(pass: report.passId), &state, &effects, now: now) }
            if case .staffCard(let pass) = report.outcome { lock(.staffCardTapped(pass), &state, &effects, now: now) }
            if state.showStats { route(StatsFeature.self, .request(now: now), &state, &effects, now: now) }
        case .memberCreated, .memberDeleted:
            memberList(.membersChanged(recount: true), &state, &effects, now: now)
        case .memberUpdated(let member):
            memberList(.replace(member), &state, &effects, now: now)
            memberList(.membersChanged(recount: false), &state, &effects, now: now)
        case .imported:
            // The import dialog logs its own line; another terminal's import only reloads.
            memberList(.membersChanged(recount: true), &state, &effects, now: now)
            state.needsRedraw = true
            return
        case .reader, .region, .sync, .mqtt:
            _ = state.status.apply(event)
        case .beacon(let beaconEvent):
            _ = state.status.apply(event)
            _ = state.beacons.apply(beaconEvent)
        case .occupancy(let notice):
            // Closing time, a check-out of everyone, or other desks' entries and exits merged.
            memberList(.membersChanged(recount: false), &state, &effects, now: now)
            inside(.changed(count: notice.insideCount), &state, &effects, now: now)
            if state.showStats { route(StatsFeature.self, .request(now: now), &state, &effects, now: now) }
        case .error(let notice) where notice.passId != nil:
            // A tap the store could not write (a full disk, a read-only file): staff must know it did not count.
            banner(.showError("\(notice.passId ?? ""): not counted: \(notice.message)"), &state, now: now)
        case .error, .notification, .log:
            break
        }
        state.log.add(event, at: now)
        state.needsRedraw = true
    }

    /// A job the effect runner finished (or reports progress on).
    static func apply(_ result: JobResult, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        // The open dialog's own reducer first: the jobs it started answer it.
        switch state.dialog?.receive(result) ?? .ignored {
        case .ignored: break
        case .updated(let note):
            if let note { state.log.add(note.text, tone: note.tone, at: now) }
            return
        case .close:
            state.dialog = nil
            return
        case .becomes(let next):
            state.dialog = next
            return
        }
        switch result {
        // A feature's own result, back to the feature whose job it answers.
        case .audit(let result): route(AuditFeature.self, result, &state, &effects, now: now)
        case .stats(let result): route(StatsFeature.self, .finished(result), &state, &effects, now: now)
        case .wallet(let result): route(WalletFeature.self, result, &state, &effects, now: now)
        case .regions(let result): route(RegionsFeature.self, .finished(result), &state, &effects, now: now)
        case .imports(let result): route(ImportFeature.self, result, &state, &effects, now: now)
        case .export(let result): route(ExportFeature.self, result, &state, &effects, now: now)
        case .page(let rows, let request):
            memberList(.page(rows, for: request), &state, &effects, now: now)
            openOnceListed(&state, &effects, now: now)
        case .pageFailed(let request, let error):
            memberList(.pageFailed(request, error: error), &state, &effects, now: now)
        case .counted(let generation, let matching, let all):
            memberList(.counted(generation: generation, matching: matching, all: all), &state, &effects, now: now)
            openOnceListed(&state, &effects, now: now)  // a count of none: nothing will be selected
        case .countFailed(_, let error):
            memberList(.countFailed(error), &state, &effects, now: now)
        case .insideCounted(let generation, let count, let members):
            inside(.counted(generation: generation, count: count, members: members), &state, &effects, now: now)
        case .insideFailed(let error):
            inside(.failed(error), &state, &effects, now: now)
        case .checkOutFailed(let error):
            banner(.showError("Could not check out: \(error)"), &state, now: now)
        case .storeProbed(let version):
            storeProbed(version, &state, &effects, now: now)
        case .storeProbeFailed(let error):
            storeProbeFailed(error, &state, now: now)  // reached only through `apply` called directly
        case .failed(let job, let error):
            state.log.add("\(job): \(error)", tone: .danger, at: now)
        case .checkInFailed(let error):
            banner(.showError("Not a pass: \(error)"), &state, now: now)
        case .typedNames(let typed, let members):
            // The name typed at F4 for a forgotten card: staff choose the member (no enrolment offered).
            if state.dialog == nil {
                state.dialog = .typedNames(TypedNamesDialog(typed: typed, members: members,
                                                                  calendar: state.setup.plans.calendar))
            } else {
                state.log.add("check in: “\(typed)” names \(CountText.of(members.count, "member")); a dialog opened meanwhile",
                              tone: .warning, at: now)
            }
        case .enrolFailed(let error):
            banner(.showError("Could not enrol: \(error)"), &state, now: now)
        case .deleteFailed(let error):
            state.log.add("delete: \(error)", tone: .danger, at: now)
        case .signedIn(let account):
            lock(.signedIn(account), &state, &effects, now: now)
        case .signInFailed(let message, let usesATry):
            lock(.signInFailed(message, usesATry: usesATry), &state, &effects, now: now)
        // The rest answer a dialog, which took them above when it is open. Here it was closed
        // first (Esc while it waited): each case says why nothing shows, or where its outcome goes.
        case .visits, .operators:
            break  // only for showing in the dialog: with it closed there is nothing to show them in
        case .saved:
            break  // the member's own change event logs "updated …" and reloads the list
        case .saveFailed(let error):
            state.log.add("save: \(error)", tone: .danger, at: now)  // the form that would say it is gone
        }
    }
}
