import DeskLanguage
import Foundation
import MemberKit

/// "Delete NAME?" with Delete/Cancel.
public struct ConfirmDeleteDialog: Sendable, Equatable {
    public var member: MemberRecord
    /// 0 = Delete, 1 = Cancel; Cancel is the default so a stray Enter deletes nothing.
    public var choice = 1

    public func render(into grid: inout CellGrid) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 60, height: 7)
        let inner = DialogFrame.draw(&grid, frame, title: tr("Delete member"), tone: .danger)
        grid.putField(tr("Delete %@ (pass %@)?", member.displayName, member.passId), x: inner.x, y: inner.y, width: inner.width)
        grid.putField(trn("%d visit. The deletion syncs to other terminals.", "%d visits. The deletion syncs to other terminals.", member.numVisits), x: inner.x, y: inner.y + 1,
                      width: inner.width, style: CellStyle(.dim))
        DialogFrame.buttons(&grid, [tr("Delete"), tr("Cancel")], chosen: choice, y: inner.maxY - 1, in: inner)
    }
}

extension ConfirmDeleteDialog {
    public mutating func onKey(_ key: Key) -> DialogReply {
        switch key {
        case .left, .right, .tab: choice = 1 - choice
        case .character("y"), .character("Y"): return .closeAnd(.delete(member))
        case .enter: return choice == 0 ? .closeAnd(.delete(member)) : .close
        case .escape, .character("n"), .character("N"): return .close
        default: break
        }
        return .stay
    }
}

extension ConfirmDeleteDialog: DeskDialogFeature {
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply { onKey(key) }
    func render(into grid: inout CellGrid, now: Date) { render(into: &grid) }
}

extension DialogOpener {
    /// F8: "Delete NAME?" for the member list's selection (the delete itself is a manager's).
    static let confirmDelete = DialogOpener { state, _ in
        state.listSelection.map { DialogOpening(.confirmDelete(ConfirmDeleteDialog(member: $0))) }
    }
}
