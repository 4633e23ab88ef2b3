@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The lock in the reducer alone (no worker, no database): role gates, a manager's PIN for one
/// action (under `DeskTestStore`, every change and effect said), the idle relock by the injected
/// time, and the wrong-PIN lockout.
@Suite struct DeskLockReducerTests {
    let start = Date(timeIntervalSince1970: 1_767_268_800)

    func lockedState(idleMinutes: Double = 5) -> DeskState {
        var setup = DeskSetup(terminalName: "Desk 1")
        setup.lockEnabled = true
        setup.idleMinutes = idleMinutes
        var state = DeskState(setup: setup, now: start)
        _ = DeskReducer.reduce(&state, .resize(width: 100, height: 30), now: start)
        return state
    }

    func account(_ name: String, _ role: StaffRole) -> StaffAccount {
        StaffAccount(name: name, role: role, pinHash: "x", addedAt: 0, modifiedAt: 0, modifiedBy: "T")
    }

    func member() -> MemberRecord { MemberRecord(passId: "P1", username: "Anna", timeStampAdded: 0, modifiedAt: 0, modifiedBy: "T") }
    /// One member, one id: an exhaustive test compares her whole.
    let anna = MemberRecord(passId: "P1", username: "Anna", timeStampAdded: 0, modifiedAt: 0, modifiedBy: "T")

    /// A locked desk, settled with Anna in the member list (under `DeskTestStore`).
    func lockedStore() -> DeskTestStore {
        var setup = DeskSetup(terminalName: "Desk 1")
        setup.lockEnabled = true
        return DeskTestStore.settled(setup, now: start, rows: [MemberRow(rowId: 1, member: anna)])
    }

    /// F8, then `y`: the delete's question opens to all; the delete itself is a manager's.
    func askToDelete(_ store: DeskTestStore, _ asked: SignInDialog.Purpose) {
        store.press(.function(8)) {
            $0.needsRedraw = true
            $0.dialog = .confirmDelete(ConfirmDeleteDialog(member: anna))
        }
        store.receive()
        store.press(.character("y")) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: asked))
        }
        store.receive(.loadOperators)
    }

    @Test func aLockedDeskAsksForASignInAndThenDoesTheAction() {
        let store = lockedStore()
        #expect(store.state.lock.isLocked && store.state.status.duty == "Locked")
        // No delete yet: a sign-in first.
        askToDelete(store, .signIn(then: .delete(anna)))
        store.send(.finished(.signedIn(account("Mia", .manager)))) {
            $0.needsRedraw = true
            $0.dialog = nil
            $0.lock.onDuty = DeskLock.OnDuty(name: "Mia", role: .manager)
            $0.status.duty = "On duty: Mia"
            $0.log.add("Mia signed in (manager)", tone: .success, at: start)
        }
        store.receive(.onDuty("Mia"), .delete(anna, operator: "Mia"))
        store.finish()
    }

    @Test func aDeskOperatorNeedsAManagersPINForOneAction() {
        let store = lockedStore()
        store.press(.control("l")) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: .signIn(then: nil)))
        }
        store.receive(.loadOperators)
        store.send(.finished(.signedIn(account("Bo", .desk)))) {
            $0.needsRedraw = true
            $0.dialog = nil
            $0.lock.onDuty = DeskLock.OnDuty(name: "Bo", role: .desk)
            $0.status.duty = "On duty: Bo"
            $0.log.add("Bo signed in (desk)", tone: .success, at: start)
        }
        store.receive(.onDuty("Bo"))
        askToDelete(store, .authorize(.delete(anna), .deleteMember))
        // Another desk operator's PIN is not enough.
        store.send(.finished(.signedIn(account("Cy", .desk)))) {
            $0.needsRedraw = true
            $0.dialog?.signIn?.error = "Cy is not a manager"
        }
        store.receive()
        store.send(.finished(.signedIn(account("Mia", .manager)))) {
            $0.needsRedraw = true
            $0.dialog = nil
        }
        store.receive(.delete(anna, operator: "Mia"))
        // The manager's PIN was for that one delete: Bo is still on duty, and the next asks again.
        #expect(store.state.lock.onDuty?.name == "Bo" && store.state.status.duty == "On duty: Bo")
        askToDelete(store, .authorize(.delete(anna), .deleteMember))
        store.finish()
    }

    @Test func rolesFollowWhatASaveChanges() {
        var suspended = member()
        suspended.status = .suspended
        let anna = member()
        #expect(LockReducer.permission(for: .save(original: anna, changes: MemberChanges(username: .some("Ann")))) == .editContact)
        #expect(LockReducer.permission(for: .save(original: anna, changes: MemberChanges(status: .suspended))) == .suspend)
        #expect(LockReducer.permission(for: .save(original: anna, changes: MemberChanges(status: .active))) == .editContact)
        #expect(LockReducer.permission(for: .save(original: suspended, changes: MemberChanges(status: .active))) == .suspend)
        #expect(LockReducer.permission(for: .save(original: anna, changes: MemberChanges(expiresAt: .some(9e9)))) == .changeExpiry)
        #expect(LockReducer.permission(for: .save(original: nil, changes: MemberChanges(passId: "P2"))) == .addMember)
        #expect(LockReducer.permission(for: .startSearch) == nil && LockReducer.permission(for: .cycleSort) == nil)
    }

    @Test func idleRelockCountsFromTheLastKey() {
        let store = lockedStore()
        store.press(.control("l")) {
            $0.needsRedraw = true
            $0.dialog = .signIn(SignInDialog(purpose: .signIn(then: nil)))
        }
        store.receive(.loadOperators)
        store.send(.finished(.signedIn(account("Mia", .manager)))) {
            $0.needsRedraw = true
            $0.dialog = nil
            $0.lock.onDuty = DeskLock.OnDuty(name: "Mia", role: .manager)
            $0.status.duty = "On duty: Mia"
            $0.log.add("Mia signed in (manager)", tone: .success, at: start)
        }
        store.receive(.onDuty("Mia"))
        // Four minutes on, a key: the five idle minutes count from it.
        let key = start.addingTimeInterval(4 * 60)
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
        let eight = start.addingTimeInterval(8 * 60)
        store.send(.tick, at: eight) {
            $0.needsRedraw = true
            $0.clockSecond = Int(eight.timeIntervalSince1970)
        }
        store.receive()
        #expect(store.state.nextDeadline(after: eight) <= start.addingTimeInterval(9 * 60))
        // Past five minutes from the key: locked.
        let idle = start.addingTimeInterval(9 * 60 + 1)
        store.send(.tick, at: idle) {
            $0.needsRedraw = true
            $0.clockSecond = Int(idle.timeIntervalSince1970)
            $0.lock.onDuty = nil
            $0.status.duty = "Locked"
            $0.log.add("Mia signed out: desk locked (idle)", tone: .warning, at: idle)
        }
        store.receive(.onDuty(nil))
        #expect(store.state.lock.isLocked)
        store.finish()
    }

    @Test func fiveFailuresLockSignInOutThenDouble() throws {
        var state = lockedState()
        _ = DeskReducer.reduce(&state, .key(.control("l"), at: start), now: start)
        var lockouts: [TimeInterval] = []
        func fail(_ n: Int, at time: Date) {
            for _ in 0..<n {
                for effect in DeskReducer.reduce(&state, .finished(.signInFailed("Wrong PIN", usesATry: true)), now: time) {
                    if case .recordLockout(let seconds) = effect { lockouts.append(seconds) }
                }
            }
        }
        fail(4, at: start)
        #expect(lockouts.isEmpty)
        fail(1, at: start)
        #expect(lockouts == [30])
        // While locked out, a PIN is not sent to be checked; once the 30 s are over, it is.
        let pin = try PIN("4821")
        #expect(!verify(pin, &state, at: start.addingTimeInterval(10)).contains { if case .verifyPIN = $0 { true } else { false } })
        guard case .signIn(let shown) = state.dialog else { Issue.record("no dialog"); return }
        #expect(shown.secondsLeft(now: start.addingTimeInterval(10)) == 20)
        #expect(verify(pin, &state, at: start.addingTimeInterval(31)).contains { if case .verifyPIN = $0 { true } else { false } })
        fail(5, at: start.addingTimeInterval(40))
        #expect(lockouts == [30, 60])
    }

    /// The sign-in dialog's submit, as its Enter sends it.
    private func verify(_ pin: PIN, _ state: inout DeskState, at time: Date) -> [DeskEffect] {
        var effects: [DeskEffect] = []
        DeskReducer.perform(.verifyPIN(.name("Mia"), pin), &state, &effects, now: time)
        return effects
    }
}
