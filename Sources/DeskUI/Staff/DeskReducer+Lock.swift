import Foundation
import MemberKit

/// The parent's side of the lock: it scopes `LockReducer` to its slice and runs what it hands back.
extension DeskReducer {
    static func lock(_ action: LockAction, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        let out = scope(LockSlice.lens, &state, &effects, now: now) { LockReducer.reduce(&$0, action, now: now) }
        change(out.dialog, &state)
        state.status.duty = state.lock.barText
        guard let then = out.then else { return }
        guard let name = out.actingFor else { return perform(then, &state, &effects, now: now) }
        // A manager's PIN, for this one command.
        state.lock.actingFor = name
        perform(then, &state, &effects, now: now)
        state.lock.actingFor = nil
    }

    /// Whether `command` may run now; if not, the lock asks for a sign-in (locked) or a manager's
    /// PIN (an operator of too low a role), and runs the command once it is given.
    static func allowed(_ command: DeskCommand, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) -> Bool {
        guard let permission = LockReducer.permission(for: command), !state.lock.allows(permission) else { return true }
        lock(.needs(command, permission), &state, &effects, now: now)
        return false
    }
}
