import Foundation
import MemberKit
import Synchronization

/// Runs the reducer's effects on the worker (counts on a worker of their own) and posts each
/// result to the inbox, which wakes the loop. Everything that waits on the database, a file or
/// another part happens here, never on the UI thread.
public final class DeskEffectRunner: Sendable {
    let services: DeskServices
    let inbox: DeskInbox
    private let worker: DeskWorker
    /// Match counts run apart from pages: counting a common word reads far more rows than a
    /// page does, and must never hold up the list that the next keystroke asks for.
    private let countWorker: DeskWorker
    /// The store probe runs apart too: a long export or count must not hide other processes' commits.
    private let probeWorker: DeskWorker
    /// A sign-in's PIN check runs apart too: Argon2id takes a good part of a second, and taps,
    /// pages and saves must not wait behind it.
    private let signInWorker: DeskWorker
    /// The newest listing generation: queued page reads for an older one are skipped.
    private let latestGeneration = Mutex(0)

    public init(services: DeskServices, worker: DeskWorker, inbox: DeskInbox) {
        self.services = services
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

    /// A job on the desk's worker (the staff effects run through here).
    func submit(_ job: @escaping @Sendable () -> Void) { worker.submit(job) }

    /// A PIN check, on the sign-in worker.
    func submitSignIn(_ job: @escaping @Sendable () -> Void) { signInWorker.submit(job) }

    public func run(_ effect: DeskEffect) {
        let inbox = self.inbox, club = services.club, database = services.database
        switch effect {
        case .fetchPage(let request):
            let expiring = request.expiringDays.map {
                club.settings.plans.expiring(withinDays: $0, from: services.clock.now().timeIntervalSince1970)
            }
            worker.submit { [self] in
                // A newer search or sort has superseded this one: skip the query.
                guard currentGeneration == request.generation else {
                    return inbox.post(.pageFailed(request, error: nil))
                }
                do {
                    inbox.post(.page(try Self.page(database, request, expiring: expiring), for: request))
                } catch {
                    inbox.post(.pageFailed(request, error: "\(error)"))
                }
            }
        case .countMembers(let generation, let search, let expiringDays):
            let expiring = expiringDays.map { club.settings.plans.expiring(withinDays: $0, from: services.clock.now().timeIntervalSince1970) }
            countWorker.submit { [self] in
                let matching: Int? = currentGeneration != generation ? nil
                    : expiring.map { try? database.memberCount(matching: search, expiring: $0) } ?? (try? database.memberCount(matching: search))
                let all = search == nil ? matching : try? database.memberCount()
                inbox.post(.counted(generation: generation, matching: matching, all: all))
            }
        case .loadStats(let now):
            worker.submit {
                do {
                    inbox.post(.stats(try database.stats(now: now), occupancy: try TodayOccupancy.curve(club, now: now)))
                } catch {
                    inbox.post(.statsFailed("\(error)"))
                }
            }
        case .countInside(let generation, let listing):
            // Through `Club`, which applies closing time first; on the worker, as check-ins are.
            worker.submit {
                do {
                    let members = listing ? try club.insideMembers() : nil
                    inbox.post(.insideCounted(generation: generation, count: try members?.count ?? club.insideCount(), members: members))
                } catch {
                    inbox.post(.insideFailed("\(error)"))
                }
            }
        case .checkOut(let memberId, let name):
            // `Club.checkOut` commits the exit (kind `staff`), then publishes `.checkIn`: the banner says goodbye.
            worker.submit {
                do { try club.checkOut(memberId: memberId, source: .manual, by: AuditActor(operator: name, method: .manual)) } catch { inbox.post(.checkOutFailed("\(error)")) }
            }
        case .probeStore:
            probeWorker.submit { inbox.post(.storeProbed(version: try? database.otherConnectionsVersion())) }
        case .checkIn(let pass, let source, let name):
            // `Club.checkIn` commits, then publishes `.checkIn`, which the banner shows. A pass typed
            // by hand (F4) is not enrolled at once: the desk asks first (a typo is not a member).
            worker.submit {
                let actor = AuditActor(operator: name, method: AuditMethod(source))
                do { try club.checkIn(passId: pass, source: source, enrolUnknown: source != .manual, by: actor) } catch {
                    inbox.post(.checkInFailed("\(error)"))
                }
            }
        case .enrol(let pass, let name, let by):
            worker.submit {
                do { try club.enrol(passId: pass, username: name, source: .manual, by: AuditActor(operator: by, method: .manual)) } catch {
                    inbox.post(.enrolFailed("\(error)"))
                }
            }
        case .loadVisits(let member):
            worker.submit {
                let visits = (try? database.visits(memberId: member.memberId, limit: 50)) ?? []
                // The pack's balance, for the form's plan line (nil: not a pack, or not read).
                let left = member.plan == .open ? nil : (try? database.planStanding(member))?.visitsLeft
                inbox.post(.visits(visits, memberId: member.memberId, visitsLeft: left))
            }
        case .save(let original, let asTyped, let name, let walletPass):
            worker.submit { [self] in
                let actor = AuditActor(operator: name, method: .manual)
                do {
                    var changes = asTyped
                    // The form names the household's head by id or pass, as staff know it.
                    if case .some(.some(let text)) = changes.plan.household {
                        guard let head = try club.member(idOrPass: text) else {
                            throw PlanEditError(.household, "no member with id or pass '\(text)'")
                        }
                        changes.plan.household = .some(head.memberId)
                    }
                    if let original {
                        try club.updateMember(id: original.memberId, changes, by: actor)
                        inbox.post(.saved)
                    } else {
                        let added = try club.addMember(passId: changes.passId ?? "", username: changes.username ?? nil,
                                                       fields: changes.fields.filter { $0.value != .null },
                                                       status: changes.status ?? .active, expiresAt: changes.expiresAt ?? nil,
                                                       note: changes.note ?? nil, plan: changes.plan, by: actor)
                        inbox.post(.saved)
                        if walletPass { writeWalletPass(memberId: added.memberId) }
                    }
                } catch {
                    inbox.post(.saveFailed("\(error)"))
                }
            }
        case .delete(let member, let name):
            worker.submit {
                do { try club.deleteMember(id: member.memberId, by: AuditActor(operator: name, method: .manual)) } catch {
                    inbox.post(.deleteFailed("\(error)"))
                }
            }
        case .writeWalletPass(let memberId):
            worker.submit { [self] in writeWalletPass(memberId: memberId) }
        case .verifyPIN, .verifyApproval, .onDuty, .recordLockout, .letInAnyway, .loadAudit, .loadOperators:
            runStaff(effect)
        case .switchRegions:
            guard let regions = services.regions else { return }
            worker.submit {
                let target = !regions.isOn
                do {
                    try regions.set(on: target)
                    inbox.post(.regionsSwitched(on: target))
                } catch {
                    inbox.post(.regionsFailed("\(error)"))
                }
            }
        case .previewImport(let file, let name):
            guard let importer = services.importer else { return }
            // The merge's audit entry is made when it is planned, so the preview names who imports.
            let actor = AuditActor(operator: name, method: .import)
            worker.submit {
                do { inbox.post(.importPreviewed(try importer.preview(file: file, by: actor))) } catch { inbox.post(.importPreviewFailed("\(error)")) }
            }
        case .applyImport(let preview):
            guard let importer = services.importer else { return }
            worker.submit {
                do { inbox.post(.imported(try importer.apply(preview))) } catch { inbox.post(.importFailed("\(error)")) }
            }
        case .export(let format, let path, let name):
            guard let exporter = services.exporter else { return }
            let actor = AuditActor(operator: name, method: .manual)
            worker.submit {
                do {
                    let summary = try exporter.export(format: format, to: path, by: actor) { inbox.post(.exportProgress($0)) }
                    inbox.post(.exported(summary: summary))
                } catch {
                    inbox.post(.exportFailed("\(error)"))
                }
            }
        }
    }

    /// On the worker: the pass, or the one line why not.
    private func writeWalletPass(memberId: String) {
        guard let wallet = services.wallet else { return }
        do {
            inbox.post(.walletPassWritten(try wallet.writePass(memberId: memberId)))
        } catch {
            inbox.post(.walletPassFailed("\(error)"))
        }
    }

    static func page(_ database: AppDatabase, _ request: MemberPageRequest, expiring: ClosedRange<Double>? = nil) throws -> [MemberRow] {
        let (search, sort, limit) = (request.search, request.sort, request.limit)
        switch request.kind {
        case .first: return try database.memberPage(matching: search, sort: sort, limit: limit, expiring: expiring)
        case .last: return try database.memberPage(matching: search, sort: sort, direction: .backward, limit: limit, expiring: expiring)
        case .after(let row): return try database.memberPage(matching: search, sort: sort, cursor: row, limit: limit, expiring: expiring)
        case .before(let row):
            return try database.memberPage(matching: search, sort: sort, cursor: row, direction: .backward, limit: limit, expiring: expiring)
        case .at(let offset): return try database.memberPage(matching: search, sort: sort, offset: offset, limit: limit, expiring: expiring)
        }
    }
}
