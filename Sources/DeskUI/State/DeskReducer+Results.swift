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
                state.banner.dismiss()
            } else {
                state.banner.show(report, policy: typedUnknown ? .prompt : state.setup.enrolment, plans: state.setup.plans, now: now)
            }
            if typedUnknown, case .unknownPass(let pass) = report.outcome, state.dialog == nil {
                state.dialog = .prompt(.enrol(pass: pass))
            }
            if let member = report.outcome.member { state.list.replace(member) }
            state.list.markStale()
            state.status.occupancy.inside = report.insideCount
            state.jobs.insideChanged()
            if case .enrolled = report.outcome { state.jobs.countStale = true }
            if case .refused = report.outcome { state.lock.refusedPass = report.passId }
            if case .staffCard(let pass) = report.outcome { staffCardTapped(pass, &state, &effects) }
            if state.showStats { requestStats(&state, &effects, now: now) }
        case .memberCreated, .memberDeleted:
            state.jobs.countStale = true
            state.list.markStale()
        case .memberUpdated(let member):
            state.list.replace(member)
            state.list.markStale()
        case .imported:
            // The import dialog logs its own line; another terminal's import only reloads.
            state.jobs.countStale = true
            state.list.markStale()
            state.needsRedraw = true
            return
        case .reader, .region, .sync, .mqtt:
            _ = state.status.apply(event)
        case .beacon(let beaconEvent):
            _ = state.status.apply(event)
            _ = state.beacons.apply(beaconEvent)
        case .occupancy(let notice):
            // Closing time, a check-out of everyone, or other desks' entries and exits merged.
            state.list.markStale()
            state.status.occupancy.inside = notice.insideCount
            state.jobs.insideChanged()
            if state.showStats { requestStats(&state, &effects, now: now) }
        case .error(let notice) where notice.passId != nil:
            // A tap the store could not write (a full disk, a read-only file): staff must know it did not count.
            state.banner.showError("\(notice.passId ?? ""): not counted: \(notice.message)", now: now)
        case .error, .notification, .log:
            break
        }
        state.log.add(event, at: now)
        state.needsRedraw = true
    }

    /// A job the effect runner finished (or reports progress on).
    static func apply(_ result: JobResult, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        switch result {
        case .page(let rows, let request):
            state.list.receive(rows, for: request)
        case .pageFailed(let request, let error):
            state.list.failed(request)
            if let error { state.log.add("member list: \(error)", tone: .danger, at: now) }
        case .counted(let generation, let matching, let all):
            state.jobs.countInFlight = false
            if let matching { state.list.receiveCount(matching, generation: generation) }
            if let all { state.status.memberCount = all }
            if matching == nil { state.jobs.countStale = true }
        case .stats(let stats, let occupancy):
            state.jobs.statsInFlight = false
            state.stats.loading = false
            state.stats.stats = stats
            state.stats.occupancy = occupancy
        case .insideCounted(let generation, let count, let members):
            insideCounted(generation, count, members, &state)
        case .insideFailed(let error):
            state.jobs.insideInFlight = false
            state.log.add("inside: \(error)", tone: .danger, at: now)
        case .checkOutFailed(let error):
            state.banner.showError("Could not check out: \(error)", now: now)
        case .storeProbed(let version):
            storeProbed(version, &state, &effects, now: now)
        case .statsFailed(let error):
            state.jobs.statsInFlight = false
            state.stats.loading = false
            state.log.add("stats: \(error)", tone: .danger, at: now)
        case .checkInFailed(let error):
            state.banner.showError("Not a pass: \(error)", now: now)
        case .enrolFailed(let error):
            state.banner.showError("Could not enrol: \(error)", now: now)
        case .visits(let visits, let memberId, let visitsLeft):
            if case .form(var form) = state.dialog, form.original?.memberId == memberId {
                form.visits = visits
                form.visitsLeft = visitsLeft
                state.dialog = .form(form)
            }
        case .saved:
            if case .form = state.dialog { state.dialog = nil }
        case .saveFailed(let error):
            if case .form(var form) = state.dialog {
                form.saving = false
                form.error = error
                state.dialog = .form(form)
            }
        case .walletPassWritten(let notice):
            state.log.add("wallet: \(notice.memberName)'s pass written to \(notice.path)", tone: .success, at: now)
            // Shown unless another dialog opened meanwhile (the log keeps it either way).
            if state.dialog == nil { state.dialog = .notice(NoticeDialog(title: "Wallet pass", lines: notice.lines)) }
        case .walletPassFailed(let error):
            state.log.add("wallet: \(error)", tone: .danger, at: now)
            if state.dialog == nil { state.dialog = .notice(NoticeDialog(title: "Wallet pass", lines: [error])) }
        case .deleteFailed(let error):
            state.log.add("delete: \(error)", tone: .danger, at: now)
        case .regionsSwitched(let on):
            state.status.regions = on ? .on : .off
        case .regionsFailed(let error):
            state.log.add("regions: \(error)", tone: .danger, at: now)
        case .importPreviewed(let preview):
            if case .prompt(let prompt) = state.dialog, prompt.purpose == .importFile {
                state.dialog = .importReview(ImportReviewDialog(preview: preview))
            }
        case .importPreviewFailed(let error):
            if case .prompt(var prompt) = state.dialog, prompt.purpose == .importFile {
                prompt.error = error
                state.dialog = .prompt(prompt)
            }
        case .imported(let notice):
            state.dialog = nil
            state.log.add(.imported(notice), at: now)
            state.jobs.countStale = true
            state.list.markStale()
        case .importFailed(let error):
            state.dialog = nil
            state.log.add("import failed: \(error)", tone: .danger, at: now)
            state.banner.showError("Import failed: \(error)", now: now)
            state.jobs.countStale = true
            state.list.markStale()
        case .exportProgress(let fraction):
            if case .export(var d) = state.dialog, case .running = d.phase {
                d.phase = .running(fraction)
                state.dialog = .export(d)
            }
        case .exported(let summary):
            if case .export(var d) = state.dialog {
                d.phase = .done(summary)
                state.dialog = .export(d)
                state.log.add("export: \(summary)", tone: .success, at: now)
            }
        case .exportFailed(let error):
            if case .export(var d) = state.dialog {
                d.phase = .failed(error)
                state.dialog = .export(d)
            }
        case .signedIn(let account):
            signedIn(account, &state, &effects, now: now)
        case .signInFailed(let message, let usesATry):
            signInFailed(message, usesATry: usesATry, &state, &effects, now: now)
        case .audit(let entries, let names):
            showAudit(entries, names: names, &state)
        case .auditFailed(let error):
            state.log.add("audit: \(error)", tone: .danger, at: now)
        case .operators(let operators):
            if case .signIn(var d) = state.dialog {
                d.operators = operators
                state.dialog = .signIn(d)
            }
        }
    }
}
