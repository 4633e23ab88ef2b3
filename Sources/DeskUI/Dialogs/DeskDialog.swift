import Foundation
import MemberKit

/// The dialog on top of the desk, if any: one case per dialog, each a `DeskDialogFeature`.
/// It only composes: `withFeature` is the one switch over the cases, and every key, command,
/// frame and question goes through it to the open dialog's own reducer and view.
public enum DeskDialog: Sendable, Equatable {
    case help(NoticeDialog)
    case notice(NoticeDialog)
    case form(MemberFormModel)
    case confirmDelete(ConfirmDeleteDialog)
    case prompt(PromptDialog)
    case importReview(ImportReviewDialog)
    case export(ExportDialog)
    /// F4's text named members, not a pass: choose whom to check in.
    case typedNames(TypedNamesDialog)
    /// An unknown pass a member holds but for leading zeros: give it to them.
    case givePass(GivePassDialog)
    /// Ctrl-C over typed text: quit, or back to the dialog it holds.
    indirect case confirmQuit(ConfirmQuitDialog)
    /// Signing in, or a manager's PIN for one action (over the dialog that asked, if any).
    indirect case signIn(SignInDialog)
    /// A plan of the catalogue to sell to the selected member.
    case sell(SellDialog)

    /// The one switch: the open dialog as its feature, changed in place by `body` and put back
    /// in its own case (a `NoticeDialog` stays help or a notice).
    mutating func withFeature<R>(_ body: (inout any DeskDialogFeature) -> R) -> R {
        switch self {
        case .help(let d): edit(d, as: DeskDialog.help, body)
        case .notice(let d): edit(d, as: DeskDialog.notice, body)
        case .form(let d): edit(d, as: DeskDialog.form, body)
        case .confirmDelete(let d): edit(d, as: DeskDialog.confirmDelete, body)
        case .prompt(let d): edit(d, as: DeskDialog.prompt, body)
        case .importReview(let d): edit(d, as: DeskDialog.importReview, body)
        case .export(let d): edit(d, as: DeskDialog.export, body)
        case .typedNames(let d): edit(d, as: DeskDialog.typedNames, body)
        case .givePass(let d): edit(d, as: DeskDialog.givePass, body)
        case .confirmQuit(let d): edit(d, as: DeskDialog.confirmQuit, body)
        case .signIn(let d): edit(d, as: DeskDialog.signIn, body)
        case .sell(let d): edit(d, as: DeskDialog.sell, body)
        }
    }

    private mutating func edit<D: DeskDialogFeature, R>(_ dialog: D, as embed: (D) -> DeskDialog,
                                                        _ body: (inout any DeskDialogFeature) -> R) -> R {
        var feature: any DeskDialogFeature = dialog
        let result = body(&feature)
        if let changed = feature as? D { self = embed(changed) }
        return result
    }

    /// The open dialog, to read.
    var feature: any DeskDialogFeature {
        var copy = self
        return copy.withFeature { $0 }
    }

    /// The open dialog when it is a `D`, read and written in place (`state.dialog?[MemberFormModel.self]?.saving = true`),
    /// the way swift-case-paths' `@CasePathable` names cases: writing changes the open dialog
    /// only when it is a `D`, so no reducer takes a dialog out of the state and puts it back.
    subscript<D: DeskDialogFeature>(_ type: D.Type) -> D? {
        get { feature as? D }
        set {
            guard let newValue else { return }
            withFeature { if $0 is D { $0 = newValue } }
        }
    }

    var takesText: Bool { feature.takesText }
    var holdsTypedText: Bool { feature.holdsTypedText }

    func render(into grid: inout CellGrid, now: Date) {
        feature.render(into: &grid, now: now)
    }

    /// A key, to the open dialog's own reducer. A dialog opened over another (the sign-in, the
    /// quit question) closes back to it.
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply {
        let reply = withFeature { $0.onKey(key, screen: screen) }
        if case .close = reply, let back = feature.closesBackTo {
            self = back
            return .stay
        }
        return reply
    }

    /// A command the open dialog sent, performed now (past the lock).
    mutating func performing(_ command: DeskCommand) {
        withFeature { $0.performing(command) }
    }

    /// A command the open dialog sent, held back by the lock for a PIN.
    mutating func heldForPIN(_ command: DeskCommand) {
        withFeature { $0.heldForPIN(command) }
    }
}
