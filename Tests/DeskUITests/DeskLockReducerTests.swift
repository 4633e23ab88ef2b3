@testable import DeskUI
import Foundation
import MemberKit
import Testing

/// The lock in the reducer alone (no worker, no database): role gates, a manager's PIN for one
/// action, the idle relock by the injected time, and the wrong-PIN lockout.
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

    func signIn(_ who: StaffAccount, _ state: inout DeskState, at time: Date) -> [DeskEffect] {
        var effects = DeskReducer.reduce(&state, .key(.control("l"), at: time), now: time)
        effects += DeskReducer.reduce(&state, .finished(.signedIn(who)), now: time)
        return effects
    }

    @Test func aLockedDeskAsksForASignInAndThenDoesTheAction() {
        var state = lockedState()
        #expect(state.lock.isLocked && state.status.duty == "Locked")
        state.dialog = .confirmDelete(ConfirmDeleteDialog(member: member()))
        var effects = DeskReducer.reduce(&state, .key(.character("y"), at: start), now: start)
        guard case .signIn = state.dialog else { Issue.record("no sign-in: \(String(describing: state.dialog))"); return }
        #expect(!effects.contains { if case .delete = $0 { true } else { false } })
        effects = DeskReducer.reduce(&state, .finished(.signedIn(account("Mia", .manager))), now: start)
        #expect(effects.contains { if case .delete(_, "Mia") = $0 { true } else { false } })
        #expect(effects.contains { if case .onDuty("Mia") = $0 { true } else { false } })
        #expect(state.status.duty == "On duty: Mia" && state.dialog == nil)
    }

    @Test func aDeskOperatorNeedsAManagersPINForOneAction() {
        var state = lockedState()
        _ = signIn(account("Bo", .desk), &state, at: start)
        state.dialog = .confirmDelete(ConfirmDeleteDialog(member: member()))
        _ = DeskReducer.reduce(&state, .key(.character("y"), at: start), now: start)
        guard case .signIn(let asked) = state.dialog, case .authorize(_, .deleteMember) = asked.purpose else {
            Issue.record("no manager's PIN asked: \(String(describing: state.dialog))"); return
        }
        // Another desk operator's PIN is not enough.
        var effects = DeskReducer.reduce(&state, .finished(.signedIn(account("Cy", .desk))), now: start)
        guard case .signIn(let refused) = state.dialog else { Issue.record("dialog closed"); return }
        #expect(refused.error == "Cy is not a manager")
        #expect(!effects.contains { if case .delete = $0 { true } else { false } })
        effects = DeskReducer.reduce(&state, .finished(.signedIn(account("Mia", .manager))), now: start)
        #expect(effects.contains { if case .delete(_, "Mia") = $0 { true } else { false } })
        // The manager's PIN was for that one delete: Bo is still on duty, and the next asks again.
        #expect(state.lock.onDuty?.name == "Bo" && state.status.duty == "On duty: Bo")
        state.dialog = .confirmDelete(ConfirmDeleteDialog(member: member()))
        _ = DeskReducer.reduce(&state, .key(.character("y"), at: start), now: start)
        guard case .signIn = state.dialog else { Issue.record("the grant outlived its action"); return }
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
        var state = lockedState(idleMinutes: 5)
        _ = signIn(account("Mia", .manager), &state, at: start)
        _ = DeskReducer.reduce(&state, .tick, now: start.addingTimeInterval(4 * 60))
        _ = DeskReducer.reduce(&state, .key(.down, at: start.addingTimeInterval(4 * 60)), now: start.addingTimeInterval(4 * 60))
        _ = DeskReducer.reduce(&state, .tick, now: start.addingTimeInterval(8 * 60))
        #expect(state.lock.onDuty?.name == "Mia")
        #expect(state.nextDeadline(after: start.addingTimeInterval(8 * 60)) <= start.addingTimeInterval(9 * 60))
        let effects = DeskReducer.reduce(&state, .tick, now: start.addingTimeInterval(9 * 60 + 1))
        #expect(state.lock.isLocked && state.status.duty == "Locked")
        #expect(effects.contains { if case .onDuty(nil) = $0 { true } else { false } })
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
