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
    private let countWorker: DeskWorker
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

    private var currentGeneration: Int { latestGeneration.withLock { $0 } }

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
        let members = clients.members, checkIn = clients.checkIn, occupancy = clients.occupancy
        switch effect {
        case .fetchPage(let request):
            submit({ [self] in
                // A newer search or sort has superseded this one: skip the query.
                guard currentGeneration == request.generation else { return .pageFailed(request, error: nil) }
                return .page(try members.page(request), for: request)
            }, failed: { .pageFailed(request, error: $0) })
        case .countMembers(let generation, let search, let expiringDays):
            submit(on: countWorker, { [self] in
                let matching = currentGeneration != generation ? nil : try members.count(search, expiringDays)
                let all = search == nil ? matching : try members.count(nil, nil)
                return .counted(generation: generation, matching: matching, all: all)
            }, failed: { .countFailed(generation: generation, error: $0) })
        case .countInside(let generation, let listing):
            // Through `Club`, which applies closing time first; on the worker, as check-ins are.
            submit({
                let inside = listing ? try occupancy.insideMembers() : nil
                return .insideCounted(generation: generation, count: try inside?.count ?? occupancy.insideCount(), members: inside)
            }, failed: { .insideFailed($0) })
        case .checkOut(let memberId, let name):
            // The exit (kind `staff`) is published on the bus: the banner says goodbye from there.
            submit({ try checkIn.checkOut(memberId, AuditActor(operator: name, method: .manual)); return nil },
                   failed: { .checkOutFailed($0) })
        case .probeStore:
            submit(on: probeWorker, { .storeProbed(version: try members.storeVersion()) }, failed: { .storeProbeFailed($0) })
        case .checkIn(let pass, let source, let name):
            // Published on the bus, which the banner shows. A pass typed by hand (F4) is not enrolled
            // at once: the desk asks first (a typo is not a member).
            submit({
                try checkIn.checkIn(pass, source, source != .manual, AuditActor(operator: name, method: AuditMethod(source)))
                return nil
            }, failed: { .checkInFailed($0) })
        case .checkInTyped(let typed, let name):
            // A member's pass, or text that names nobody, is checked in as F4 always did (an unknown
            // pass is asked about); a name of members answers with them, and nothing is recorded yet.
            submit({
                let named = try checkIn.membersNamed(typed)
                guard named.isEmpty else { return .typedNames(typed: typed, members: named) }
                try checkIn.checkIn(typed, .manual, false, AuditActor(operator: name, method: .manual))
                return nil
            }, failed: { .checkInFailed($0) })
        case .enrol(let pass, let name, let by):
            submit({ try checkIn.enrol(pass, name, AuditActor(operator: by, method: .manual)); return nil }, failed: { .enrolFailed($0) })
        case .givePass(let pass, let memberId, let by):
            submit({ try checkIn.givePass(pass, memberId, AuditActor(operator: by, method: .manual)); return nil },
                   failed: { .checkInFailed($0) })
        case .loadVisits(let member):
            let inbox = self.inbox
            submit({
                let visits = try members.visits(member.memberId, 50)
                // The pack's balance, for the form's plan line: the visits show even when it cannot be read.
                var left: Int?
                do { left = try members.visitsLeft(member) } catch {
                    inbox.post(.failed(job: "pack balance of \(member.displayName)", error: "\(error)"))
                }
                return .visits(visits, memberId: member.memberId, visitsLeft: left)
            }, failed: { .failed(job: "visits of \(member.displayName)", error: $0) })
        case .save(let original, let changes, let name, let walletPass):
            let wallet = clients.wallet, inbox = self.inbox
            submit({
                let saved = try members.save(original, changes, AuditActor(operator: name, method: .manual))
                inbox.post(.saved)
                guard original == nil, walletPass else { return nil }
                return WalletFeature.write(wallet, memberId: saved.memberId)
            }, failed: { .saveFailed($0) })
        case .delete(let member, let name):
            submit({ try members.delete(member.memberId, AuditActor(operator: name, method: .manual)); return nil },
                   failed: { .deleteFailed($0) })
        case .verifyPIN, .verifyApproval, .onDuty, .recordLockout, .letInAnyway, .loadOperators:
            runStaff(effect)
        // Each feature runs its own.
        case .audit(let effect): AuditFeature.run(effect, on: self)
        case .stats(let effect): StatsFeature.run(effect, on: self)
        case .wallet(let effect): WalletFeature.run(effect, on: self)
        case .regions(let effect): RegionsFeature.run(effect, on: self)
        case .imports(let effect): ImportFeature.run(effect, on: self)
        case .export(let effect): ExportFeature.run(effect, on: self)
        }
    }
}
