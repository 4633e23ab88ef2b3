import Foundation
import MemberKit

/// The lock's part of the rule book: which commands need which role, asking for a sign-in or a
/// manager's PIN and doing the command after, the idle relock and Ctrl-L, and wrong PINs.
extension DeskReducer {
    /// The least role a command needs (nil: open to all, locked or not: looking, searching, help).
    static func permission(for command: DeskCommand) -> StaffPermission? {
        switch command {
        case .openCheckIn: return .checkInByHand
        case .checkOutSelected: return .checkOut
        case .newMember: return .addMember
        case .save(let original, let changes): return savePermission(original, changes)
        case .delete: return .deleteMember
        case .openImport, .applyImport: return .importMembers
        case .openExport: return .exportMembers
        case .toggleRegions: return .switchRegions
        case .letInAnyway: return .override
        case .showAudit: return .viewAudit
        default: return nil
        }
    }

    /// A status or expiry changed is a manager's; a new member or a contact edit a desk's.
    private static func savePermission(_ original: MemberRecord?, _ changes: MemberChanges) -> StaffPermission {
        let status = changes.status.map { $0 != (original?.status ?? .active) } ?? false
        let expiry = changes.expiresAt.map { $0 != original?.expiresAt } ?? false
        if status { return .suspend }
        if expiry { return .changeExpiry }
        return original == nil ? .addMember : .editContact
    }

    /// Whether `command` may run now; if not, the sign-in (locked) or a manager's PIN (an
    /// operator of too low a role) is asked for, and the command runs once it is given.
    static func allowed(_ command: DeskCommand, _ state: inout DeskState, _ effects: inout [DeskEffect]) -> Bool {
        guard let permission = permission(for: command), !state.lock.allows(permission) else { return true }
        var resume = state.dialog
        if case .form(var form) = resume {
            form.saving = false  // asked again once the PIN is given
            resume = .form(form)
        }
        let purpose: SignInDialog.Purpose = state.lock.onDuty == nil ? .signIn(then: command) : .authorize(command, permission)
        var dialog = SignInDialog(purpose: purpose, resume: resume)
        dialog.lockedUntil = state.lock.lockout.lockedUntil
        state.dialog = .signIn(dialog)
        effects.append(.loadOperators)
        return false
    }

    /// Ctrl-L: lock now when someone is on duty; sign in when locked.
    static func lockOrSignIn(_ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        guard state.lock.enabled else {
            state.log.add("lock: no operators yet (add one with memberdesk staff add)", tone: .warning, at: now)
            return
        }
        if state.lock.onDuty != nil {
            lockNow(&state, &effects, now: now, reason: "Ctrl-L")
        } else if case .signIn = state.dialog {
            return
        } else {
            var dialog = SignInDialog(purpose: .signIn(then: nil), resume: state.dialog)
            dialog.lockedUntil = state.lock.lockout.lockedUntil
            state.dialog = .signIn(dialog)
            effects.append(.loadOperators)
        }
    }

    /// Signs the operator out. A dialog holding typed text is put aside, not lost: it comes back
    /// at the next sign-in; any other dialog (the audit view among them) closes.
    static func lockNow(_ state: inout DeskState, _ effects: inout [DeskEffect], now: Date, reason: String) {
        guard let onDuty = state.lock.onDuty else { return }
        state.lock.onDuty = nil
        state.lock.actingFor = nil
        if let dialog = state.dialog {
            let held = if case .signIn(let d) = dialog { d.resume } else { dialog }
            if let held, held.holdsTypedText { state.lock.heldDialog = held }
        }
        state.dialog = nil
        state.status.duty = state.lock.barText
        effects.append(.onDuty(nil))
        state.log.add("\(onDuty.name) signed out: desk locked (\(reason))", tone: .warning, at: now)
        state.needsRedraw = true
    }

    /// A key: the idle clock starts again.
    static func keyPressed(_ state: inout DeskState, at time: Date) {
        state.lock.lastKeyAt = max(state.lock.lastKeyAt, time)
    }

    /// The clock moved: relock after `staff.idle_minutes` without a key.
    static func checkIdle(_ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        if let deadline = state.lock.idleDeadline, now >= deadline {
            lockNow(&state, &effects, now: now, reason: "idle")
        }
    }

    /// The sign-in dialog's Enter: the PIN goes to the worker, unless sign-ins are locked out.
    static func verify(_ credential: StaffCredential, _ pin: PIN, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        guard case .signIn(var dialog) = state.dialog else { return }
        dialog.lockedUntil = state.lock.lockout.lockedUntil
        if !state.lock.lockout.isLocked(at: now) {
            dialog.checking = true
            if case .authorize(_, let permission) = dialog.purpose {
                effects.append(.verifyApproval(credential, pin, for: permission))
            } else {
                effects.append(.verifyPIN(credential, pin))
            }
        }
        state.dialog = .signIn(dialog)
    }

    static func signedIn(_ account: StaffAccount, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        state.lock.lockout.succeed()
        guard case .signIn(var dialog) = state.dialog else { return }
        switch dialog.purpose {
        case .signIn(let then):
            state.dialog = dialog.resume ?? state.lock.heldDialog
            state.lock.heldDialog = nil
            state.lock.onDuty = DeskLock.OnDuty(name: account.name, role: account.role)
            state.lock.lastKeyAt = now
            state.status.duty = state.lock.barText
            effects.append(.onDuty(account.name))
            state.log.add("\(account.name) signed in (\(account.role.rawValue))", tone: .success, at: now)
            if let then { perform(then, &state, &effects, now: now) }
        case .authorize(let command, let permission):
            guard permission.allows(account.role) else {
                dialog.checking = false
                dialog.card = nil
                dialog.error = "\(account.name) is not a manager"
                state.dialog = .signIn(dialog)
                return
            }
            state.dialog = dialog.resume
            state.lock.actingFor = account.name
            perform(command, &state, &effects, now: now)
            state.lock.actingFor = nil
        }
    }

    /// A wrong PIN: the fifth in a row refuses sign-ins for a while. A name or card that named
    /// no operator (`usesATry` false) is said, and counts for nothing.
    static func signInFailed(_ message: String, usesATry: Bool, _ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        if usesATry, let length = state.lock.lockout.fail(at: now) {
            effects.append(.recordLockout(seconds: length))
            state.log.add("sign-in: too many wrong PINs, refused for \(SignInDialog.countdown(Int(length)))", tone: .danger, at: now)
        }
        guard case .signIn(var dialog) = state.dialog else { return }
        dialog.checking = false
        let left = SignInLockout.failuresAllowed - state.lock.lockout.failures
        dialog.error = message + (left == SignInLockout.failuresAllowed ? "" : " · \(left) \(left == 1 ? "try" : "tries") left")
        dialog.lockedUntil = state.lock.lockout.lockedUntil
        state.dialog = .signIn(dialog)
    }

    /// A staff card at the reader (refused as a member card): it starts a sign-in, or names the
    /// operator in the sign-in already open.
    static func staffCardTapped(_ pass: String, _ state: inout DeskState, _ effects: inout [DeskEffect]) {
        guard state.lock.enabled else { return }
        if case .signIn(var dialog) = state.dialog {
            dialog.card = pass
            dialog.field = .pin
            dialog.error = nil
            state.dialog = .signIn(dialog)
            return
        }
        var dialog = SignInDialog(purpose: .signIn(then: nil), resume: state.dialog, card: pass)
        dialog.lockedUntil = state.lock.lockout.lockedUntil
        state.dialog = .signIn(dialog)
    }

    /// `l` on a refused member's banner: let them in anyway (a manager's, recorded as an override).
    static func letInAnyway(_ state: inout DeskState, _ effects: inout [DeskEffect], now: Date) {
        guard let shown = state.banner.visible(at: now), shown.kind == .refused, let pass = state.lock.refusedPass else {
            state.log.add("let in anyway: no refused member on the banner", tone: .warning, at: now)
            return
        }
        effects.append(.letInAnyway(pass: pass, operator: state.lock.operatorName ?? "desk"))
    }

    /// The audit view: the newest entries first.
    static func showAudit(_ entries: [AuditEntry], names: RecordNames, _ state: inout DeskState) {
        let lines = entries.reversed().map { AuditLine.text($0, names: names) }
        state.dialog = .notice(NoticeDialog(title: "Audit record · newest first", lines: lines.isEmpty ? ["Nothing recorded yet."] : Array(lines)))
    }
}
