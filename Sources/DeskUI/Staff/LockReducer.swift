import DeskLanguage
import Foundation
import MemberKit

/// The lock's slice of the desk: the lock, its own sign-in (nil when another dialog is open), and
/// the open dialog read only (the sign-in opens over it and closes back to it; locking puts one
/// with typed text aside). What it does to a dialog not its own goes to the parent (`LockOutput.dialog`).
struct LockSlice: Equatable, OwnDialogSlice {
    var lock: DeskLock
    var signIn: SignInDialog?
    let open: DeskDialog?

    var ownDialog: SignInDialog? { signIn }
}

extension LockSlice {
    static var lens: SliceLens<LockSlice> {
        let own = SliceLens.ownDialog { LockSlice(lock: $0.lock, signIn: $0.dialog?.signIn, open: $0.dialog) }
        return SliceLens(read: own.read) { slice, state in
            state.lock = slice.lock
            own.write(slice, &state)
        }
    }
}

/// What reaches the lock.
enum LockAction: Equatable {
    /// A key: the idle clock starts again.
    case key(at: Date)
    /// The clock moved: relock after `staff.idle_minutes` without a key.
    case tick
    /// Ctrl-L: lock now when someone is on duty; sign in when locked.
    case lockKey
    /// A command above the operator's role (or on a locked desk): a PIN first, then the command.
    case needs(DeskCommand, StaffPermission)
    /// The sign-in dialog's Enter.
    case verify(StaffCredential, PIN)
    /// Its jobs' answers (`DeskEffectRunner.runStaff`).
    case finished(LockResult)
    /// A staff card at the reader (refused as a member card).
    case staffCardTapped(String)
    /// A member's tap was refused: `l` may let them in while its banner shows.
    case refused(pass: String)
    /// `l`; `bannerShowsRefusal`: the banner shows a refused member now.
    case letInAnyway(bannerShowsRefusal: Bool)
}

/// What the lock hands the parent: effects, lines for the log, whether to redraw, and the
/// command it let through (performed as `actingFor` when a manager's PIN was given for it).
struct LockOutput: Equatable, DeskChildOutput {
    var effects: [DeskEffect] = []
    var notes: [DeskNote] = []
    var redraw = false
    var then: DeskCommand?
    var actingFor: String?
    /// The sign-in opened over the open dialog, the dialog it closes back to, or all closed on locking.
    var dialog: DialogChange?
}

/// The lock's reducer: who is on duty, the sign-in and a manager's PIN, the idle relock, the
/// wrong-PIN lockout, and "let in anyway". It changes only `LockSlice`: the lock and its own sign-in.
enum LockReducer {
    static func reduce(_ slice: inout LockSlice, _ action: LockAction, now: Date) -> LockOutput {
        var out = LockOutput()
        switch action {
        case .key(let time):
            slice.lock.lastKeyAt = max(slice.lock.lastKeyAt, time)
        case .tick:
            if let deadline = slice.lock.idleDeadline, now >= deadline { lockNow(&slice, &out, reason: "idle") }
        case .lockKey:
            guard slice.lock.enabled else {
                out.notes.append(DeskNote(text: tr("lock: no operators yet (add one with memberdesk staff add)"), tone: .warning))
                break
            }
            if slice.lock.onDuty != nil {
                lockNow(&slice, &out, reason: "Ctrl-L")
            } else if slice.signIn == nil {
                openSignIn(.signIn(then: nil), over: slice.open, &slice, &out)
            }
        case .needs(let command, let permission):
            var resume = slice.open
            resume?.heldForPIN(command)  // the dialog that sent it waits (the form: not saving)
            openSignIn(slice.lock.onDuty == nil ? .signIn(then: command) : .authorize(command, permission), over: resume, &slice, &out)
        case .verify(let credential, let pin):
            guard let dialog = slice.signIn else { break }
            slice.signIn?.lockedUntil = slice.lock.lockout.lockedUntil
            guard !slice.lock.lockout.isLocked(at: now) else { break }
            slice.signIn?.checking = true
            if case .authorize(_, let permission) = dialog.purpose {
                out.effects.append(.lock(.verifyApproval(credential, pin, for: permission)))
            } else {
                out.effects.append(.lock(.verifyPIN(credential, pin)))
            }
        case .finished(.signedIn(let account)):
            signedIn(account, &slice, &out, now: now)
        case .finished(.operators(let operators)):
            // For the sign-in that asked; with it closed there is nothing to show them in.
            slice.signIn?.operators = operators
        case .finished(.failed(let job, let error)):
            out.notes.append(DeskNote(text: "\(job): \(error)", tone: .danger))
        case .finished(.signInFailed(let message, let usesATry)):
            // The fifth wrong PIN in a row refuses sign-ins for a while; a name or card that named no
            // operator (`usesATry` false) is said, and counts for nothing.
            if usesATry, let length = slice.lock.lockout.fail(at: now) {
                out.effects.append(.lock(.recordLockout(seconds: length)))
                out.notes.append(DeskNote(text: tr("sign-in: too many wrong PINs, refused for %@", SignInDialog.countdown(Int(length))),
                                          tone: .danger))
            }
            guard slice.signIn != nil else { break }
            let left = SignInLockout.failuresAllowed - slice.lock.lockout.failures
            slice.signIn?.checking = false
            slice.signIn?.error = message + (left == SignInLockout.failuresAllowed ? "" : " · " + trn("%d try left", "%d tries left", left))
            slice.signIn?.lockedUntil = slice.lock.lockout.lockedUntil
        case .staffCardTapped(let pass):
            // It starts a sign-in, or names the operator in the sign-in already open.
            guard slice.lock.enabled else { break }
            if slice.signIn != nil {
                slice.signIn?.card = pass
                slice.signIn?.field = .pin
                slice.signIn?.error = nil
            } else {
                var dialog = SignInDialog(purpose: .signIn(then: nil), resume: slice.open, card: pass)
                dialog.lockedUntil = slice.lock.lockout.lockedUntil
                out.dialog = .replace(.signIn(dialog))
            }
        case .refused(let pass):
            slice.lock.refusedPass = pass
        case .letInAnyway(let bannerShowsRefusal):
            // A manager's, recorded as an override.
            guard bannerShowsRefusal, let pass = slice.lock.refusedPass else {
                out.notes.append(DeskNote(text: tr("let in anyway: no refused member on the banner"), tone: .warning))
                break
            }
            out.effects.append(.checkIn(.letInAnyway(pass: pass, operator: slice.lock.operatorName ?? "desk")))
        }
        return out
    }

    private static func openSignIn(_ purpose: SignInDialog.Purpose, over resume: DeskDialog?, _ slice: inout LockSlice,
                                   _ out: inout LockOutput) {
        var dialog = SignInDialog(purpose: purpose, resume: resume)
        dialog.lockedUntil = slice.lock.lockout.lockedUntil
        out.dialog = .replace(.signIn(dialog))
        out.effects.append(.lock(.loadOperators))
    }

    /// Signs the operator out. A dialog holding typed text is put aside, not lost: it comes back
    /// at the next sign-in; any other dialog (the audit view among them) closes.
    private static func lockNow(_ slice: inout LockSlice, _ out: inout LockOutput, reason: String) {
        guard let onDuty = slice.lock.onDuty else { return }
        slice.lock.onDuty = nil
        slice.lock.actingFor = nil
        if let dialog = slice.open {
            let held: DeskDialog? = if let signIn = dialog.signIn { signIn.resume } else { dialog }
            if let held, held.holdsTypedText { slice.lock.heldDialog = held }
        }
        out.dialog = .closeAll
        out.effects.append(.lock(.onDuty(nil)))
        out.notes.append(DeskNote(text: tr("%@ signed out: desk locked (%@)", onDuty.name, reason), tone: .warning))
        out.redraw = true
    }

    private static func signedIn(_ account: StaffAccount, _ slice: inout LockSlice, _ out: inout LockOutput, now: Date) {
        slice.lock.lockout.succeed()
        guard let dialog = slice.signIn else { return }
        switch dialog.purpose {
        case .signIn(let then):
            // The sign-in closes; the parent opens in its place the dialog that comes back.
            let comesBack = cameBack(resume: dialog.resume, held: slice.lock.heldDialog, then: then)
            slice.signIn = nil
            out.dialog = comesBack.dialog.map(DialogChange.open)
            slice.lock.heldDialog = nil
            slice.lock.onDuty = DeskLock.OnDuty(name: account.name, role: account.role)
            slice.lock.lastKeyAt = now
            out.effects.append(.lock(.onDuty(account.name)))
            out.notes.append(DeskNote(text: tr("%@ signed in (%@)", account.name, account.role.rawValue), tone: .success))
            if let note = comesBack.note { out.notes.append(DeskNote(text: note, tone: .warning)) }
            out.then = then
        case .authorize(let command, let permission):
            guard permission.allows(account.role) else {
                slice.signIn?.checking = false
                slice.signIn?.card = nil
                slice.signIn?.error = tr("%@ is not a manager", account.name)
                return
            }
            slice.signIn = nil
            out.dialog = dialog.resume.map(DialogChange.open)
            out.then = command
            out.actingFor = account.name
        }
    }
}

extension LockReducer {
    /// The log's line when the dialog locking set aside comes back in place of the one the sign-in
    /// opened over (nothing typed in that one, and nothing waiting on it).
    static let setAsideInstead = "sign-in: the dialog set aside with its typed text is back; the one open closed (nothing typed in it)"
    /// The log's line when the sign-in opened over a dialog that holds typed text too, or that its
    /// command is for: that one stays, and the set-aside one cannot.
    static let setAsideDropped = "sign-in: the dialog set aside with its typed text is dropped; the one open holds typed text or waits on the sign-in"

    /// What a sign-in gives back: the dialog it opened over (`resume`), else the one locking set
    /// aside (`held`). When there are both (a form opened with F2 on the locked desk), the held one
    /// comes back unless the open one has typed text or the command the sign-in was for; either
    /// way the log says which went.
    static func cameBack(resume: DeskDialog?, held: DeskDialog?, then: DeskCommand?) -> (dialog: DeskDialog?, note: String?) {
        guard let resume, let held, resume != held else { return (resume ?? held, nil) }
        if then == nil, !resume.holdsTypedText { return (held, setAsideInstead) }
        return (resume, setAsideDropped)
    }

    /// The least role a command needs (nil: open to all, locked or not: looking, searching, help).
    static func permission(for command: DeskCommand) -> StaffPermission? {
        switch command {
        case .open(let opener): return opener.permission
        case .checkOutSelected: return .checkOut
        case .checkInSelected, .checkInNamed, .checkInWithGuests: return .checkInByHand
        case .givePass: return .editContact
        case .save(let original, let changes): return savePermission(original, changes)
        case .delete: return .deleteMember
        case .applyImport: return .importMembers
        case .toggleRegions: return .switchRegions
        case .letInAnyway: return .override
        default: return nil
        }
    }

    /// A status or expiry changed is a manager's; a new member or a contact edit a desk's.
    private static func savePermission(_ original: MemberRecord?, _ changes: MemberChanges) -> StaffPermission {
        let status = changes.status.map { $0 != (original?.status ?? .active) } ?? false
        // A freeze moves the expiry too.
        let expiry = (changes.expiresAt.map { $0 != original?.expiresAt } ?? false) || changes.addHold != nil
        if status { return .suspend }
        if expiry { return .changeExpiry }
        return original == nil ? .addMember : .editContact
    }
}
