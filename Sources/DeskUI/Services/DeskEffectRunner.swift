import Foundation
import MemberKit
import Synchronization

/// Runs the reducer's effects on the worker (counts, the store probe and PIN checks on workers of
/// their own) through the desk's clients, and posts each result to the inbox, which wakes the loop.
/// Everything that waits on the database, a file or another part happens here, never on the UI
/// thread. It decides nothing: every answer, a failure included, goes back to the reducer.
public final class DeskEffectRunner: Sendable {
    let clients: DeskClients
    let inbox: DeskInbox
    private let worker: DeskWorker
    /// Match counts run apart from pages: counting a common word reads far more rows than a
    /// page does, and must never hold up the list that the next keystroke asks for.
    let countWorker: DeskWorker
    /// The store probe runs apart too: a long export or count must not hide other processes' commits.
    private let probeWorker: DeskWorker
    /// A sign-in's PIN check runs apart too: Argon2id takes a good part of a second, and taps,
    /// pages and saves must not wait behind it.
    let signInWorker: DeskWorker
    /// The newest listing generation: queued page reads for an older one are skipped.
    private let latestGeneration = Mutex(0)

    public convenience init(services: DeskServices, worker: DeskWorker, inbox: DeskInbox) {
        self.init(clients: .live(services), worker: worker, inbox: inbox)
    }

    public init(clients: DeskClients, worker: DeskWorker, inbox: DeskInbox) {
        self.clients = clients
        self.worker = worker
        self.inbox = inbox
        countWorker = worker.isInline ? worker : DeskWorker(label: "memberdesk.count-worker")
        probeWorker = worker.isInline ? worker : DeskWorker(label: "memberdesk.store-probe")
        signInWorker = worker.isInline ? worker : DeskWorker(label: "memberdesk.sign-in")
    }

    /// The listing the screen now shows; set before its effects run.
    public func listing(generation: Int) {
        latestGeneration.withLock { $0 = generation }
    }

    var currentGeneration: Int { latestGeneration.withLock { $0 } }

    /// A job on the desk's worker: its result, or its failure as the result `failed` makes of it.
    func submit(on worker: DeskWorker? = nil, _ job: @escaping @Sendable () throws -> JobResult?,
                failed: @escaping @Sendable (String) -> JobResult) {
        let inbox = self.inbox
        (worker ?? self.worker).submit {
            do {
                if let result = try job() { inbox.post(result) }
            } catch {
                inbox.post(failed("\(error)"))
            }
        }
    }

    public func run(_ effect: DeskEffect) {
        let members = clients.members
        switch effect {
        case .probeStore:
            submit(on: probeWorker, { .storeProbed(version: try members.storeVersion()) }, failed: { .storeProbeFailed($0) })
        // The lock and the panes run their own.
        case .lock(let effect): runStaff(effect)
        case .memberList(let effect): MemberListFeature.run(effect, on: self)
        case .inside(let effect): InsideFeature.run(effect, on: self)
        // Every feature's: run by the feature it belongs to.
        case .feature(let effect): effect.base.run(on: self)
        }
    }
}
