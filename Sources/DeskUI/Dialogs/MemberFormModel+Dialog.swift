import Foundation
import MemberKit

/// The member form as a dialog (its model and keys are in `Models/`).
extension MemberFormModel: DeskDialogFeature {
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply { onKey(key) }

    func render(into grid: inout CellGrid, now: Date) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 86, height: max(16, min(grid.height - 2, 30)))
        render(into: &grid, rect: frame, now: now)
    }

    var takesText: Bool { true }
    var holdsTypedText: Bool { isEdited }

    /// The member's visits (for this member only), and its save.
    mutating func receive(_ result: JobResult) -> DialogUpdate {
        switch result {
        case .visits(let visits, let memberId, let left) where original?.memberId == memberId:
            self.visits = visits
            visitsLeft = left
            return .updated()
        case .saved:
            return .close
        case .saveFailed(let error):
            saving = false
            self.error = error
            return .updated()
        default:
            return .ignored
        }
    }
}

extension DeskDialog {
    /// The form, when it is the open dialog, changed in place (`state.dialog?.form?.saving = true`).
    var form: MemberFormModel? {
        get { self[MemberFormModel.self] }
        set { self[MemberFormModel.self] = newValue }
    }
}
