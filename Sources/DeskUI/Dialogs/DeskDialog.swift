import Foundation
import MemberKit

/// The dialog on top of the desk, if any. It only dispatches: each dialog handles its own keys.
public enum DeskDialog: Sendable, Equatable {
    case help(NoticeDialog)
    case notice(NoticeDialog)
    case form(MemberFormModel)
    case confirmDelete(ConfirmDeleteDialog)
    case prompt(PromptDialog)
    case importReview(ImportReviewDialog)
    case export(ExportDialog)
    /// Ctrl-C over typed text: quit, or back to the dialog it holds.
    indirect case confirmQuit(ConfirmQuitDialog)
    /// Signing in, or a manager's PIN for one action (over the dialog that asked, if any).
    indirect case signIn(SignInDialog)

    /// Is a text field taking keys? Then a fast burst is typing (or a paste), not a scan.
    var takesText: Bool {
        switch self {
        case .form, .prompt, .signIn: true
        case .export(let d): d.phase == .editing
        default: false
        }
    }

    /// Text typed here would be lost by quitting: Ctrl-C asks first.
    var holdsTypedText: Bool {
        switch self {
        case .form(let form): form.isEdited
        case .prompt(let prompt): !prompt.field.text.isEmpty
        case .export(let d): d.phase == .editing && d.path.text != d.defaultPaths[d.format]
        case .signIn(let d): d.resume?.holdsTypedText ?? false
        default: false
        }
    }

    func render(into grid: inout CellGrid, now: Date) {
        switch self {
        case .help(let d), .notice(let d): d.render(into: &grid)
        case .form(let form):
            let frame = DialogFrame.centred(in: grid.bounds, width: 86, height: max(16, min(grid.height - 2, 30)))
            form.render(into: &grid, rect: frame, now: now)
        case .confirmDelete(let d): d.render(into: &grid)
        case .prompt(let d): d.render(into: &grid)
        case .importReview(let d): d.render(into: &grid)
        case .export(let d): d.render(into: &grid)
        case .confirmQuit(let d):
            d.resume.render(into: &grid, now: now)
            d.render(into: &grid)
        case .signIn(let d): d.render(into: &grid, now: now)
        }
    }
}
