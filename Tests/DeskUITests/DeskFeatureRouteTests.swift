@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The parent routes: each feature's result goes back to the feature whose job it answers, and
/// changes that feature's slice only (the exhaustive store fails on any other change).
@Suite struct DeskFeatureRouteTests: DeskStoreFixture {
    /// A desk with the stats view waiting for its figures and an export running over it.
    func busyDesk() -> (store: DeskTestStore, export: ExportDialog) {
        var state = DeskTestStore.settled(openSetup, now: now).state
        var export = ExportDialog(formats: ["csv"], defaultPaths: ["members.csv"])
        export.phase = .running(0)
        state.showStats = true
        state.stats.loading = true
        state.jobs.statsInFlight = true
        state.dialog = .export(export)
        return (DeskTestStore(state, now: now), export)
    }

    @Test func aResultReachesOnlyTheFeatureThatAskedForIt() {
        var (store, export) = busyDesk()
        // The export's progress: its dialog moves, the stats view still waits.
        export.phase = .running(0.5)
        store.send(.finished(.export(.progress(0.5)))) {
            $0.needsRedraw = true
            $0.dialog = .export(export)
        }
        store.receive()
        // The stats' failure: the stats view stops waiting and the log says why; the export runs on.
        store.send(.finished(.stats(.failed("disk I/O error")))) {
            $0.needsRedraw = true
            $0.stats.loading = false
            $0.jobs.statsInFlight = false
            $0.log.add("stats: disk I/O error", tone: .danger, at: now)
        }
        store.receive()
        // The audit's and the regions' failures: a line each, and the export's dialog stays.
        answerIsLogged(.audit(.failed("database is locked")), "audit: database is locked", .danger, on: store)
        answerIsLogged(.regions(.failed("no region list")), "regions: no region list", .danger, on: store)
        // A wallet pass written over the export: only the log says it (the notice waits for no dialog).
        let written = WalletPassNotice(memberName: "Ana López", path: "/tmp/ana.pkpass", googleLinkLength: nil)
        answerIsLogged(.wallet(.written(written)), "wallet: Ana López's pass written to /tmp/ana.pkpass", .success, on: store)
        store.finish()
    }

    /// The runner's side: each feature's effect is run by its feature, over its own client.
    @Test func anEffectIsRunOverItsFeaturesClient() {
        var clients = DeskClients.unimplemented
        clients[RegionsClient.self].toggle = { true }
        let inbox = DeskInbox()
        let runner = DeskEffectRunner(clients: clients, worker: DeskWorker(inline: true), inbox: inbox)
        runner.run(.regions(.toggle))
        runner.run(.audit(.load))
        #expect(inbox.drain() == [.regions(.switched(on: true)), .audit(.failed("audit.newest: not set in this test"))])
    }

    /// The form's, check-in's, the lists' and the lock's answers, over an open form: each reaches
    /// only its own feature or child (a failure of check-in on the banner, the others in the log).
    @Test func theFormsCheckInsTheListsAndTheLocksResultsReachOnlyTheirOwn() {
        var state = DeskTestStore.settled(openSetup, now: now).state
        var form = MemberFormModel(member: ana, extraFields: [], calendar: .gregorianUTC)
        form.saving = true
        state.dialog = .form(form)
        let store = DeskTestStore(state, now: now)
        // Check-in's failure: the banner says it; the form waits on.
        store.send(.finished(.checkIn(.failed("bad pass")))) {
            $0.needsRedraw = true
            $0.banner.showError("Not a pass: bad pass", now: now)
        }
        store.receive()
        // The lists' and the lock's failures: a line each; the form waits on.
        answerIsLogged(.memberList(.countFailed(generation: 0, error: "disk I/O error")), "member count: disk I/O error", .danger,
                       on: store)
        answerIsLogged(.inside(.failed("database is locked")), "inside: database is locked", .danger, on: store)
        answerIsLogged(.lock(.failed(job: "sign-in: the operators could not be listed", error: "disk I/O error")),
                       "sign-in: the operators could not be listed: disk I/O error", .danger, on: store)
        // F4's names over the form: the chooser does not open over it, the log says why.
        answerIsLogged(.checkIn(.namedMembers(typed: "ana", members: [ana])),
                       "check in: “ana” names 1 member; a dialog opened meanwhile", .warning, on: store)
        // The form's own answer: it stops saving and says why.
        store.send(.finished(.memberForm(.saveFailed("disk full")))) {
            $0.needsRedraw = true
            $0.dialog?.form?.saving = false
            $0.dialog?.form?.error = "disk full"
        }
        store.receive()
        store.finish()
    }

    /// The runner's side for them: each effect over its own client, each failure as its own result.
    @Test func theirEffectsAreRunOverTheirOwnClients() {
        let inbox = DeskInbox()
        let runner = DeskEffectRunner(clients: .unimplemented, worker: DeskWorker(inline: true), inbox: inbox)
        runner.run(.memberForm(.delete(ana, operator: nil)))
        runner.run(.checkIn(.checkOut(memberId: ana.memberId, operator: nil)))
        runner.run(.inside(.count(generation: 0, listing: false)))
        runner.run(.lock(.loadOperators))
        #expect(inbox.drain() == [.memberForm(.deleteFailed("memberForm.delete: not set in this test")),
                                  .checkIn(.checkOutFailed("checkIn.checkOut: not set in this test")),
                                  .inside(.failed("occupancy.insideCount: not set in this test")),
                                  .lock(.failed(job: "sign-in: the operators could not be listed",
                                                error: "staff.operators: not set in this test"))])
    }
}
