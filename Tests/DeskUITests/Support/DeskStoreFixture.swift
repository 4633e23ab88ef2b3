@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// What the reducer's exhaustive tests start from, said once: the time, a member, operators, a
/// desk at rest (open or locked, with Ana in its list or not), and an operator signing in. A suite
/// conforms (`@Suite struct X: DeskStoreFixture`) and its tests name these as their own.
protocol DeskStoreFixture {}

extension DeskStoreFixture {
    /// 2026-01-01 12:00 UTC: every input arrives then unless a test says otherwise.
    var now: Date { Date(timeIntervalSince1970: 1_767_268_800) }
    /// One member, one id (made once: a member's id is new each time one is made): an exhaustive
    /// test compares her whole.
    var ana: MemberRecord { DeskStoreFixtureValues.ana }
    /// The member list's one row: Ana.
    var rows: [MemberRow] { [MemberRow(rowId: 1, member: ana)] }

    var openSetup: DeskSetup { DeskSetup(terminalName: "Desk 1") }
    /// A desk with operators: locked until someone signs in.
    var lockedSetup: DeskSetup {
        var setup = openSetup
        setup.lockEnabled = true
        return setup
    }

    func account(_ name: String, _ role: StaffRole) -> StaffAccount {
        StaffAccount(name: name, role: role, pinHash: "x", addedAt: 0, modifiedAt: 0, modifiedBy: "T")
    }

    /// A desk settled at `now` (its first page, counts and probe answered): `setup` unless given,
    /// with Ana in its list when `withAna`.
    func makeStore(_ setup: DeskSetup? = nil, withAna: Bool = false) -> DeskTestStore {
        DeskTestStore.settled(setup ?? openSetup, now: now, rows: withAna ? rows : [])
    }

    /// A desk just sized at `now` (`setup` unless given): its first page, both counts and the store
    /// probe asked for, none answered yet. One count of who is inside, without the list ("Inside
    /// now" is not shown).
    func started(_ setup: DeskSetup? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        -> (store: DeskTestStore, first: MemberPageRequest) {
        let store = DeskTestStore(DeskState(setup: setup ?? openSetup, now: now), now: now)
        var first: MemberPageRequest?
        store.send(.resize(width: 100, height: 30), sourceLocation: sourceLocation) {
            $0.resize(width: 100, height: 30)
            first = $0.list.nextRequest()
            $0.jobs.countInFlight = true
            $0.jobs.countStale = false
            $0.jobs.insideInFlight = true
            $0.jobs.insideStale = false
            $0.jobs.storeProbeInFlight = true
            $0.jobs.nextStoreProbe = now.addingTimeInterval(DeskJobs.storeProbeInterval)
        }
        #expect(first?.kind == .first, sourceLocation: sourceLocation)
        let request = first!
        store.receive(.memberList(.fetchPage(request)), .memberList(.countMembers(generation: 0, search: nil, expiringDays: nil)),
                      .inside(.count(generation: 0, listing: false)), .probeStore, sourceLocation: sourceLocation)
        return (store, request)
    }

    /// A locked desk, settled, with Ana in its list when `withAna`.
    func lockedStore(withAna: Bool = false) -> DeskTestStore { makeStore(lockedSetup, withAna: withAna) }

    /// Ctrl-L on a locked desk, and `name` signs in: every change and effect said, so a test goes
    /// on from an operator on duty.
    func signIn(_ name: String, _ role: StaffRole, on store: DeskTestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.press(.control("l"), sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: .signIn(then: nil)))
        }
        store.receive(.lock(.loadOperators), sourceLocation: sourceLocation)
        store.send(.finished(.lock(.signedIn(account(name, role)))), sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.dialog = nil
            $0.lock.onDuty = DeskLock.OnDuty(name: name, role: role)
            $0.status.duty = "On duty: \(name)"
            $0.log.add("\(name) signed in (\(role.rawValue))", tone: .success, at: store.now)
        }
        store.receive(.lock(.onDuty(name)), sourceLocation: sourceLocation)
    }

    /// A letter on the desk (no text field focused) is held by the wedge detector until its gap
    /// passes: the tick a second later releases it, and `update` says what the letter did.
    /// `at`: when the letter is pressed (the idle clock starts again then), `store.now` unless given.
    /// `probes`: the store's probe is due again by the tick (none in flight), so the tick's effects
    /// end with `.probeStore`.
    func type(_ c: Character, at pressed: Date? = nil, probes: Bool = true, into store: DeskTestStore,
              sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout DeskState) -> Void) {
        let time = pressed ?? store.now
        store.press(.character(c), at: time, sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.lock.lastKeyAt = time
            _ = $0.wedge.feed(.character(c), at: time)
        }
        store.receive(sourceLocation: sourceLocation)
        let later = time.addingTimeInterval(1)
        store.send(.tick, at: later, sourceLocation: sourceLocation) {
            _ = $0.wedge.flush(now: later)
            $0.needsRedraw = true
            $0.clockSecond = Int(later.timeIntervalSince1970)
            if probes {
                $0.jobs.storeProbeInFlight = true
                $0.jobs.nextStoreProbe = later.addingTimeInterval(DeskJobs.storeProbeInterval)
            }
            update(&$0)
        }
    }
}

private enum DeskStoreFixtureValues {
    static let ana = MemberRecord(memberId: UUID().uuidString, passId: "04A1B2C3", username: "Ana López", timeStampAdded: 0, modifiedAt: 0, modifiedBy: "")
}

extension DeskStoreFixture {
    /// Keys to the open dialog: `mirror` is the dialog as the test expects it, changed by each key as
    /// the dialog's own `onKey` changes it; each key changes the desk's dialog to it and nothing else.
    func press<D: DeskDialogFeature>(_ keys: [Key], on store: DeskTestStore, mirror: inout D, as embed: (D) -> DeskDialog,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        for key in keys {
            _ = mirror.onKey(key, screen: store.state.screen)
            let dialog = embed(mirror)
            store.press(key, sourceLocation: sourceLocation) {
                $0.needsRedraw = true
                $0.dialog = dialog
            }
            store.receive(sourceLocation: sourceLocation)
        }
    }

    func text(_ s: String) -> [Key] { s.map(Key.character) }

    /// F1: the help opens, and nothing else happens.
    func openHelp(_ store: DeskTestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.press(.function(1), sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.dialog = .help(HelpText.dialog)
        }
        store.receive(sourceLocation: sourceLocation)
    }

    /// Esc closes the open dialog, and does nothing else.
    func escapeCloses(_ store: DeskTestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.press(.escape, sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.dialog = nil
        }
        store.receive(sourceLocation: sourceLocation)
    }

    /// A job's answer that only the event log shows (`text`, in `tone`): no dialog took it.
    func answerIsLogged(_ result: JobResult, _ text: String, _ tone: Tone, on store: DeskTestStore,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.finished(result), sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.log.add(text, tone: tone, at: now)
        }
        store.receive(sourceLocation: sourceLocation)
    }

    /// The import's read answers with `preview`: its review opens; Enter on Merge, and it is applied.
    func reviewAndMerge(_ preview: ImportPreview, on store: DeskTestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.finished(.imports(.previewed(preview))), sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.dialog = .importReview(ImportReviewDialog(preview: preview))
        }
        store.receive(sourceLocation: sourceLocation)
        store.press(.enter, sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.dialog?.importReview?.applying = true
        }
        store.receive(.imports(.apply(preview)), sourceLocation: sourceLocation)
    }

    /// The merge is done: the review closes, the log says what came in, and the rows on screen and
    /// the counts are read again. Returns the rows' request.
    @discardableResult
    func importedReloads(_ notice: ImportNotice, on store: DeskTestStore,
                         sourceLocation: SourceLocation = #_sourceLocation) -> MemberPageRequest? {
        let generation = store.state.list.generation
        var reload: MemberPageRequest?
        store.send(.finished(.imports(.imported(notice))), sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.dialog = nil
            $0.log.add(.imported(notice), at: now)
            $0.list.markStale()
            reload = $0.list.nextRequest()
            $0.jobs.countInFlight = true
        }
        store.receive(all: (reload.map { [.memberList(.fetchPage($0))] } ?? []) + [.memberList(.countMembers(generation: generation, search: nil, expiringDays: nil))],
                      sourceLocation: sourceLocation)
        return reload
    }

    /// What a tap's report does to any desk, whatever its outcome: a frame, the banner, the status
    /// bar's inside count, its log line, and the list's rows marked to be read again. A test's
    /// `send` adds what its outcome does besides (the recount of who is inside, a refused pass).
    func tapShown(_ report: CheckInReport, on state: inout DeskState, policy: EnrolmentPolicy = .auto) {
        state.needsRedraw = true
        state.banner.show(report, policy: policy, letIn: state.lock.letInAnywayHint, now: now)
        state.status.occupancy.inside = report.insideCount
        state.log.add(.checkIn(report), at: now)
        state.list.markStale()
    }

    /// The store probe the last tick asked for comes back with the version the desk settled on:
    /// nothing changed elsewhere, and the next tick may probe again.
    func answerProbe(on store: DeskTestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.finished(.storeProbed(version: 1)), sourceLocation: sourceLocation) { $0.jobs.storeProbeInFlight = false }
        store.receive(sourceLocation: sourceLocation)
    }
}
