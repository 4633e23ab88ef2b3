import DeskLanguage
import Foundation
import MemberKit

/// Ctrl-C over a form that holds typed text: "Quit without saving?" Keep editing is the default,
/// and gives the form back as it was; a second Ctrl-C quits.
public struct ConfirmQuitDialog: Sendable, Equatable {
    /// The dialog Ctrl-C was pressed in.
    public var resume: DeskDialog
    /// 0 = Quit, 1 = Keep editing.
    public var choice = 1

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 56, height: 6)
        let inner = DialogFrame.draw(&grid, frame, title: tr("Quit?"), tone: .warning)
        grid.putField(tr("What you typed is not saved. Quit anyway?"), x: inner.x, y: inner.y, width: inner.width)
        DialogFrame.buttons(&grid, [tr("Quit"), tr("Keep editing")], chosen: choice, y: inner.maxY - 1, in: inner)
    }
}

extension ConfirmQuitDialog {
    /// `.close` means: back to the dialog it interrupted.
    public mutating func onKey(_ key: Key) -> DialogReply {
        switch key {
        case .left, .right, .tab, .backTab: choice = 1 - choice
        case .character("y"), .character("Y"): return .closeAnd(.quit)
        case .enter: return choice == 0 ? .closeAnd(.quit) : .close
        case .escape, .character("n"), .character("N"): return .close
        default: break
        }
        return .stay
    }
}

extension ConfirmQuitDialog: DeskDialogFeature {
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply { onKey(key) }

    /// Over the dialog it interrupted, which stays in view.
    func render(into grid: inout CellGrid, now: Date) {
        resume.render(into: &grid, now: now)
        render(into: &grid)
    }

    var closesBackTo: DeskDialog? { resume }
}
