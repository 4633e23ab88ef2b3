import Foundation
import MemberKit

extension DeskReducer {
    /// What the bus says happened elsewhere: check-ins (the banner), member changes, the reader, beacons,
    /// regions. Its line in the event log is a note, as every child's is.
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
            if case .unknownPass(let pass) = report.outcome, report.source == .manual {
                route(CheckInFeature.self, .typedUnknown(pass: pass, nearHolders: report.nearPassHolders), &state, &effects, now: now)
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
        logNotes(EventLogModel.note(for: event).map { [$0] } ?? [], &state, now: now)
        state.needsRedraw = true
    }
}
