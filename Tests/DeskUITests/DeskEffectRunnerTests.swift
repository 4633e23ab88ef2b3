@testable import DeskUI
import Foundation
@_spi(Testing) import MemberKit
import Synchronization
import Testing

/// The runner over test clients: it decides nothing and drops nothing; every failure comes back
/// as a result, and the reducer shows it.
@Suite struct DeskEffectRunnerTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "disk I/O error" }
    }

    let now = Date(timeIntervalSince1970: 1_767_268_800)

    /// Runs `effect` on an inline worker and returns what it posted.
    func run(_ effect: DeskEffect, _ change: (inout DeskClients) -> Void) -> [JobResult] {
        var clients = DeskClients.unimplemented
        change(&clients)
        let inbox = DeskInbox()
        DeskEffectRunner(clients: clients, worker: DeskWorker(inline: true), inbox: inbox).run(effect)
        return inbox.drain()
    }

    @Test func aFailedStoreProbeIsAResultNotANil() {
        #expect(run(.probeStore) { $0.members.storeVersion = { throw Broken() } } == [.storeProbeFailed("disk I/O error")])
        #expect(run(.probeStore) { $0.members.storeVersion = { 7 } } == [.storeProbed(version: 7)])
    }

    @Test func aFailedCountIsAResult() {
        let results = run(.memberList(.countMembers(generation: 0, search: "ana"))) { $0.members.count = { _, _ in throw Broken() } }
        #expect(results == [.memberList(.countFailed(generation: 0, error: "disk I/O error"))])
        let counted = run(.memberList(.countMembers(generation: 0, search: "ana"))) { $0.members.count = { search, _ in search == nil ? 10 : 2 } }
        #expect(counted == [.memberList(.counted(generation: 0, matching: 2, all: 10))])
    }

    @Test func operatorsThatCannotBeListedAndALockoutNotRecordedAreSaid() {
        #expect(run(.lock(.loadOperators)) { $0.staff.operators = { throw Broken() } }
            == [.lock(.failed(job: "sign-in: the operators could not be listed", error: "disk I/O error"))])
        #expect(run(.lock(.recordLockout(seconds: 30))) { $0[AuditClient.self].record = { _, _, _ in throw Broken() } }
            == [.lock(.failed(job: "audit: the sign-in lockout was not recorded", error: "disk I/O error"))])
        let recorded = Mutex<[String]>([])
        #expect(run(.lock(.recordLockout(seconds: 30))) { clients in
            clients[AuditClient.self].record = { action, _, detail in recorded.withLock { $0.append("\(action.rawValue) \(detail)") } }
        } == [])
        #expect(recorded.withLock { $0 } == ["lockout [\"seconds\": \"30\"]"])
    }

    /// Review finding: the unimplemented staff client's `setOnDuty` did nothing, silently, where
    /// every other unset endpoint says so. Unset, it is a result the log shows; set, it is called.
    @Test func anUnsetOnDutyIsSaidAndASetOneIsCalled() {
        #expect(run(.lock(.onDuty("Mia"))) { _ in }
            == [.lock(.failed(job: "on duty: the reader's taps were not told who is on duty", error: "staff.setOnDuty: not set in this test"))])
        let onDuty = Mutex<[String?]>([])
        #expect(run(.lock(.onDuty("Mia"))) { clients in clients.staff.setOnDuty = { name in onDuty.withLock { $0.append(name) } } } == [])
        #expect(run(.lock(.onDuty(nil))) { clients in clients.staff.setOnDuty = { name in onDuty.withLock { $0.append(name) } } } == [])
        #expect(onDuty.withLock { $0 } == ["Mia", nil])
    }

    @Test func visitsShowEvenWhenThePacksBalanceCannotBeRead() {
        let member = MemberRecord(memberId: UUID().uuidString, passId: "P1", username: "Anna", timeStampAdded: 0, modifiedAt: 0, modifiedBy: "T")
        let results = run(.memberForm(.loadVisits(member))) {
            $0[MemberFormClient.self].visits = { _, _ in [] }
            $0[MemberFormClient.self].visitsLeft = { _ in throw Broken() }
        }
        #expect(results == [.memberForm(.unread(job: "pack balance of Anna", error: "disk I/O error")),
                            .memberForm(.visits([], memberId: member.memberId, visitsLeft: nil))])
        #expect(run(.memberForm(.loadVisits(member))) { $0[MemberFormClient.self].visits = { _, _ in throw Broken() } }
            == [.memberForm(.unread(job: "visits of Anna", error: "disk I/O error"))])
    }

    @Test func aMissingPartSaysSoInsteadOfDoingNothing() throws {
        let database = try AppDatabase.inMemory()
        let club = Club(database: database, terminal: try database.terminalIdentity(name: "Desk 1"), settings: ClubSettings(), bus: EventBus())
        let clients = DeskClients.live(DeskServices(club: club, terminalName: "Desk 1"))
        let inbox = DeskInbox()
        let runner = DeskEffectRunner(clients: clients, worker: DeskWorker(inline: true), inbox: inbox)
        runner.run(.regions(.toggle))
        runner.run(.imports(.preview(file: "m.csv", operator: nil)))
        runner.run(.lock(.verifyPIN(.name("Mia"), try PIN("1234"))))
        #expect(inbox.drain() == [.regions(.failed("not available in this build")),
                                  .imports(.previewFailed("import is not available in this build")),
                                  .lock(.signInFailed("no PIN checker in this build", usesATry: false))])
    }

    /// What the reducer shows of the new failures: a line in the event log, a probe's reason once.
    @Test func theReducerShowsEachFailure() {
        let store = DeskTestStore.settled(DeskSetup(terminalName: "Desk 1"), now: now)
        store.send(.finished(.lock(.failed(job: "sign-in: the operators could not be listed", error: "disk I/O error")))) {
            $0.needsRedraw = true
            $0.log.add("sign-in: the operators could not be listed: disk I/O error", tone: .danger, at: now)
        }
        store.receive()
        store.send(.finished(.storeProbeFailed("disk I/O error"))) {
            $0.jobs.storeProbeError = "disk I/O error"
            $0.needsRedraw = true
            $0.log.add("store: other desks' changes not seen: disk I/O error", tone: .danger, at: now)
        }
        store.receive()
        // The same reason again is not said again, and costs no frame.
        store.send(.finished(.storeProbeFailed("disk I/O error")))
        store.receive()
        store.send(.finished(.storeProbed(version: 1))) { $0.jobs.storeProbeError = nil }
        store.receive()
        store.send(.finished(.memberList(.countFailed(generation: 0, error: "disk I/O error")))) {
            $0.needsRedraw = true
            $0.log.add("member count: disk I/O error", tone: .danger, at: now)
        }
        store.receive()
        store.finish()
    }
}
