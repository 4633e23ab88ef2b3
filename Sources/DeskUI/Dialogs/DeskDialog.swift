import Foundation
import MemberKit

/// The dialog on top of the desk, if any. It only dispatches: each dialog handles its own keys.
public enum DeskDialog: Sendable {
    case help(NoticeDialog)
    case notice(NoticeDialog)
    case form(MemberFormModel)
    case confirmDelete(ConfirmDeleteDialog)
    case prompt(PromptDialog)
    case importReview(ImportReviewDialog)
    case export(ExportDialog)

    /// Is a text field taking keys? Then a fast burst is typing (or a paste), not a scan.
    var takesText: Bool {
        switch self {
        case .form, .prompt: true
        case .export(let d): d.phase == .editing
        default: false
        }
    }

    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply {
        switch self {
        case .help(var d): defer { self = .help(d) }; return d.onKey(key)
        case .notice(var d): defer { self = .notice(d) }; return d.onKey(key)
        case .form(var d): defer { self = .form(d) }; return d.onKey(key)
        case .confirmDelete(var d): defer { self = .confirmDelete(d) }; return d.onKey(key)
        case .prompt(var d): defer { self = .prompt(d) }; return d.onKey(key)
        case .importReview(var d): defer { self = .importReview(d) }; return d.onKey(key, screen: screen)
        case .export(var d): defer { self = .export(d) }; return d.onKey(key)
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
        }
    }
}
