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
}
