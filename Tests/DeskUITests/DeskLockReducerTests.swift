@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The lock in the reducer alone (no worker, no database): role gates, a manager's PIN for one
/// action (under `DeskTestStore`, every change and effect said), the idle relock by the injected
/// time, and the wrong-PIN lockout.
@Suite struct DeskLockReducerTests: DeskStoreFixture {
    /// F8, then `y`: the delete's question opens to all; the delete itself is a manager's.
    func askToDelete(_ store: DeskTestStore, _ asked: SignInDialog.Purpose) {
        store.press(.function(8)) {
            $0.needsRedraw = true
            $0.dialog = .confirmDelete(ConfirmDeleteDialog(member: ana))
        }
        store.receive()
        store.press(.character("y")) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: asked))
        }
        store.receive(.lock(.loadOperators))
    }

    @Test func aLockedDeskAsksForASignInAndThenDoesTheAction() {
        let store = lockedStore(withAna: true)
        #expect(store.state.lock.isLocked && store.state.status.duty == "Locked")
        // No delete yet: a sign-in first.
        askToDelete(store, .signIn(then: .delete(ana)))
        store.send(.finished(.lock(.signedIn(account("Mia", .manager))))) {
            $0.needsRedraw = true
            $0.dialog = nil
            $0.lock.onDuty = DeskLock.OnDuty(name: "Mia", role: .manager)
            $0.status.duty = "On duty: Mia"
            $0.log.add("Mia signed in (manager)", tone: .success, at: now)
        }
        store.receive(.lock(.onDuty("Mia")), .memberForm(.delete(ana, operator: "Mia")))
        store.finish()
    }

    @Test func aDeskOperatorNeedsAManagersPINForOneAction() {
        let store = lockedStore(withAna: true)
        signIn("Bo", .desk, on: store)
        askToDelete(store, .authorize(.delete(ana), .deleteMember))
        // Another desk operator's PIN is not enough.
        store.send(.finished(.lock(.signedIn(account("Cy", .desk))))) {
            $0.needsRedraw = true
            $0.dialog?.signIn?.error = "Cy is not a manager"
        }
        store.receive()
        store.send(.finished(.lock(.signedIn(account("Mia", .manager))))) {
            $0.needsRedraw = true
            $0.dialog = nil
        }
        store.receive(.memberForm(.delete(ana, operator: "Mia")))
        // The manager's PIN was for that one delete: Bo is still on duty, and the next asks again.
        #expect(store.state.lock.onDuty?.name == "Bo" && store.state.status.duty == "On duty: Bo")
        askToDelete(store, .authorize(.delete(ana), .deleteMember))
        store.finish()
    }

    /// Review finding: the import's review marked itself "Importing…" before the lock asked for a
    /// manager, so a cancelled sign-in left it stuck, taking no key. Held for the PIN it is not
    /// importing (`heldForPIN`, as the form is not saving); once the PIN lets the merge through it is.
    @Test func aCancelledManagersPINForAnImportLeavesTheReviewAsItWas() {
        var setup = lockedSetup
        setup.canImport = true
        let store = makeStore(setup)
        signIn("Bo", .desk, on: store)
        // F6 is a manager's: Mia's PIN opens the file prompt, for that once.
        store.press(.function(6)) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: .authorize(.open(.importFile), .importMembers)))
        }
        store.receive(.lock(.loadOperators))
        store.send(.finished(.lock(.signedIn(account("Mia", .manager))))) {
            $0.needsRedraw = true
            $0.dialog = .prompt(.importFile())
        }
        store.receive()
        let preview = ImportPreview(file: "m.csv", counts: MergeCounts(), received: MemberFileCount(members: 1, deletions: 0, unified: 0),
                                    lines: ["new  Ana López (04A1B2C3)"], plan: "plan 1")
        let review = ImportReviewDialog(preview: preview)
        store.send(.finished(.imports(.previewed(preview)))) {
            $0.needsRedraw = true
            $0.dialog = .importReview(review)
        }
        store.receive()
        // Merge: the merge is a manager's too. The review waits behind the sign-in, not importing.
        let asked = SignInDialog(purpose: .authorize(.applyImport(preview), .importMembers), resume: .importReview(review))
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = .signIn(asked)
        }
        store.receive(.lock(.loadOperators))
        // Esc: the sign-in closes back to the review as it was, its buttons there.
        store.press(.escape) {
            $0.needsRedraw = true
            $0.dialog = .importReview(review)
        }
        store.receive()
        #expect(store.state.render(now: now).text.contains("Merge"))
        #expect(!store.state.render(now: now).text.contains("Importing…"))
        // Enter asks again; Mia's PIN lets the merge through, and now it is importing.
        store.press(.enter) {
            $0.needsRedraw = true
            $0.dialog = .signIn(asked)
        }
        store.receive(.lock(.loadOperators))
        store.send(.finished(.lock(.signedIn(account("Mia", .manager))))) {
            $0.needsRedraw = true
            $0.dialog = .importReview(review)
            $0.dialog?.importReview?.applying = true
        }
        store.receive(.imports(.apply(preview)))
        store.finish()
    }

    /// Bo signs in, types "Zoë" into a new member's form, and Ctrl-L sets the form aside: returned.
    func setAsideAForm(on store: DeskTestStore) -> MemberFormModel {
        signIn("Bo", .desk, on: store)
        var form = MemberFormModel(member: nil, extraFields: [], calendar: .gregorianUTC)
        store.press(.function(7)) {
            $0.needsRedraw = true
            $0.dialog = .form(form)
        }
        store.receive()
        press(text("Zoë"), on: store, mirror: &form, as: DeskDialog.form)
        // Ctrl-L: the form and its text are set aside.
        store.press(.control("l")) {
            $0.needsRedraw = true
            $0.dialog = nil
            $0.lock.heldDialog = .form(form)
            $0.lock.onDuty = nil
            $0.status.duty = "Locked"
            $0.log.add("Bo signed out: desk locked (Ctrl-L)", tone: .warning, at: now)
        }
        store.receive(.lock(.onDuty(nil)))
        return form
    }

    /// Bo's PIN is right: he is on duty, `dialog` is open, and the log says `note` after his sign-in.
    func bosSignIn(on store: DeskTestStore, gives dialog: DeskDialog, note: String, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.finished(.lock(.signedIn(account("Bo", .desk)))), sourceLocation: sourceLocation) {
            $0.needsRedraw = true
            $0.dialog = dialog
            $0.lock.heldDialog = nil
            $0.lock.onDuty = DeskLock.OnDuty(name: "Bo", role: .desk)
            $0.status.duty = "On duty: Bo"
            $0.log.add("Bo signed in (desk)", tone: .success, at: now)
            $0.log.add(note, tone: .warning, at: now)
        }
        store.receive(.lock(.onDuty("Bo")), sourceLocation: sourceLocation)
    }

    /// Review finding: a form set aside by locking came back at the next sign-in, then was replaced
    /// when that sign-in was for opening a dialog (F4 on a locked desk), and its typed text was lost.
    /// The form comes back with its text, and the log says the other dialog was not opened over it.
    @Test func aFormSetAsideByTheLockComesBackWhenTheSignInWasForAnotherDialog() {
        let store = lockedStore()
        let form = setAsideAForm(on: store)
        // F4 on the locked desk: a sign-in first, for the check-in prompt.
        store.press(.function(4)) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: .signIn(then: .open(.checkIn))))
        }
        store.receive(.lock(.loadOperators))
        bosSignIn(on: store, gives: .form(form),
                  note: "sign-in: the dialog set aside with its typed text is back; the one asked for did not open over it")
        store.finish()
    }

    /// F2 on the locked desk opens Ana's form (looking needs no sign-in); Ctrl-L then signs in over it.
    func signInOverAnasForm(_ store: DeskTestStore, typing: String = "") -> MemberFormModel {
        var anas = MemberFormModel(member: ana, extraFields: [], calendar: .gregorianUTC)
        store.press(.function(2)) {
            $0.needsRedraw = true
            $0.dialog = .form(anas)
        }
        store.receive(.memberForm(.loadVisits(ana)))
        press(text(typing), on: store, mirror: &anas, as: DeskDialog.form)
        store.press(.control("l")) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: .signIn(then: nil), resume: .form(anas)))
        }
        store.receive(.lock(.loadOperators))
        return anas
    }

    /// Review finding: a form set aside by locking was dropped without a word when the sign-in
    /// opened over a second form (F2 on the locked desk). With nothing typed in the second one,
    /// the set-aside form comes back in its place, and the log says so.
    @Test func aFormSetAsideByTheLockComesBackOverAFormOpenedWhileLocked() {
        let store = lockedStore(withAna: true)
        let held = setAsideAForm(on: store)
        _ = signInOverAnasForm(store)
        bosSignIn(on: store, gives: .form(held), note: LockReducer.setAsideInstead)
        #expect(store.state.render(now: now).text.contains("Zoë"))
        store.finish()
    }

    /// With text typed in the second form too, that one stays (one dialog shows at a time), and
    /// the log says the set-aside one went, rather than nothing.
    @Test func aFormSetAsideByTheLockThatCannotComeBackIsSaidInTheLog() {
        let store = lockedStore(withAna: true)
        _ = setAsideAForm(on: store)
        let anas = signInOverAnasForm(store, typing: "a")
        bosSignIn(on: store, gives: .form(anas), note: LockReducer.setAsideDropped)
        store.finish()
    }

    @Test func rolesFollowWhatASaveChanges() {
        var suspended = ana
        suspended.status = .suspended
        #expect(LockReducer.permission(for: .save(original: ana, changes: MemberChanges(username: .some("Ann")))) == .editContact)
        #expect(LockReducer.permission(for: .save(original: ana, changes: MemberChanges(status: .suspended))) == .suspend)
        #expect(LockReducer.permission(for: .save(original: ana, changes: MemberChanges(status: .active))) == .editContact)
        #expect(LockReducer.permission(for: .save(original: suspended, changes: MemberChanges(status: .active))) == .suspend)
        #expect(LockReducer.permission(for: .save(original: ana, changes: MemberChanges(expiresAt: .some(9e9)))) == .changeExpiry)
        #expect(LockReducer.permission(for: .save(original: nil, changes: MemberChanges(passId: "P2"))) == .addMember)
        #expect(LockReducer.permission(for: .startSearch) == nil && LockReducer.permission(for: .cycleSort) == nil)
    }

    @Test func idleRelockCountsFromTheLastKey() {
        let store = lockedStore(withAna: true)
        signIn("Mia", .manager, on: store)
        // Four minutes on, a key: the five idle minutes count from it.
        let key = now.addingTimeInterval(4 * 60)
        store.send(.tick, at: key) {
            $0.needsRedraw = true
            $0.clockSecond = Int(key.timeIntervalSince1970)
            $0.jobs.storeProbeInFlight = true
            $0.jobs.nextStoreProbe = key.addingTimeInterval(DeskJobs.storeProbeInterval)
        }
        store.receive(.probeStore)
        store.press(.down, at: key) {
            $0.needsRedraw = true
            $0.lock.lastKeyAt = key
            _ = $0.wedge.feed(.down, at: key)
            _ = $0.list.onKey(.down)
        }
        store.receive()
        // Eight minutes from the start, four from the key: still on duty.
        let eight = now.addingTimeInterval(8 * 60)
        store.send(.tick, at: eight) {
            $0.needsRedraw = true
            $0.clockSecond = Int(eight.timeIntervalSince1970)
        }
        store.receive()
        #expect(store.state.nextDeadline(after: eight) <= now.addingTimeInterval(9 * 60))
        // Past five minutes from the key: locked.
        let idle = now.addingTimeInterval(9 * 60 + 1)
        store.send(.tick, at: idle) {
            $0.needsRedraw = true
            $0.clockSecond = Int(idle.timeIntervalSince1970)
            $0.lock.onDuty = nil
            $0.status.duty = "Locked"
            $0.log.add("Mia signed out: desk locked (idle)", tone: .warning, at: idle)
        }
        store.receive(.lock(.onDuty(nil)))
        #expect(store.state.lock.isLocked)
        store.finish()
    }

    @Test func fiveFailuresLockSignInOutThenDouble() throws {
        let store = lockedStore(withAna: true)
        var shown = SignInDialog(purpose: .signIn(then: nil))
        store.press(.control("l")) {
            $0.needsRedraw = true
            $0.dialog = .signIn(shown)
        }
        store.receive(.lock(.loadOperators))
        /// Keys typed into the sign-in at `time`; the first key after a while finds the store's probe due.
        func type(_ keys: [Key], at time: Date) {
            for (i, key) in keys.enumerated() {
                let probes = i == 0 && time != now
                _ = shown.onKey(key)
                store.press(key, at: time) {
                    $0.needsRedraw = true
                    $0.lock.lastKeyAt = time
                    $0.dialog = .signIn(shown)
                    if probes {
                        $0.jobs.storeProbeInFlight = true
                        $0.jobs.nextStoreProbe = time.addingTimeInterval(DeskJobs.storeProbeInterval)
                    }
                }
                if probes { store.receive(.probeStore) } else { store.receive() }
            }
        }
        /// Five wrong PINs' answers at `time`: the sign-in says the tries left, and the fifth nows
        /// a lockout of `seconds` (`said`), recorded.
        func failFive(at time: Date, lockout seconds: TimeInterval, said: String) {
            let errors = ["Wrong PIN · 4 tries left", "Wrong PIN · 3 tries left", "Wrong PIN · 2 tries left", "Wrong PIN · 1 try left",
                          "Wrong PIN"]
            for (n, error) in errors.enumerated() {
                let probes = n == 0 && time != now, locks = n == errors.count - 1
                shown.checking = false
                shown.error = error
                if locks { shown.lockedUntil = time.addingTimeInterval(seconds) }
                store.send(.finished(.lock(.signInFailed("Wrong PIN", usesATry: true))), at: time) {
                    $0.needsRedraw = true
                    _ = $0.lock.lockout.fail(at: time)
                    $0.dialog = .signIn(shown)
                    if locks { $0.log.add("sign-in: too many wrong PINs, refused for \(said)", tone: .danger, at: time) }
                    if probes {
                        $0.jobs.storeProbeInFlight = true
                        $0.jobs.nextStoreProbe = time.addingTimeInterval(DeskJobs.storeProbeInterval)
                    }
                }
                // Four wrong PINs record nothing; the fifth records the lockout.
                store.receive(all: (locks ? [.lock(.recordLockout(seconds: seconds))] : []) + (probes ? [.probeStore] : []))
            }
        }
        type("Mia".map(Key.character) + [.enter], at: now)
        failFive(at: now, lockout: 30, said: "0:30")
        // While locked out, a PIN is not sent to be checked; once the 30 s are over, it is.
        let pin = try PIN("4821")
        let early = now.addingTimeInterval(10)
        type("4821".map(Key.character) + [.enter], at: early)
        #expect(store.state.dialog?.signIn?.secondsLeft(now: early) == 20)
        answerProbe(on: store)
        let late = now.addingTimeInterval(31)
        type("4821".map(Key.character), at: late)
        _ = shown.onKey(.enter)
        shown.checking = true
        store.press(.enter, at: late) {
            $0.needsRedraw = true
            $0.dialog = .signIn(shown)
        }
        store.receive(.lock(.verifyPIN(.name("Mia"), pin)))
        answerProbe(on: store)
        // Five more: twice as long.
        failFive(at: now.addingTimeInterval(40), lockout: 60, said: "1:00")
        store.finish()
    }
}
