import Foundation
import MemberKit

/// The member form as a dialog (its model and keys are in `Models/`; its jobs' answers reach it
/// through `MemberFormFeature`).
extension MemberFormModel: DeskDialogFeature {
    mutating func onKey(_ key: Key, screen: Rect) -> DialogReply { onKey(key) }

    func render(into grid: inout CellGrid, now: Date) {
        let frame = DialogFrame.centred(in: grid.bounds, width: 86, height: max(16, min(grid.height - 2, 30)))
        render(into: &grid, rect: frame, now: now)
    }

    var takesText: Bool { true }
    var holdsTypedText: Bool { isEdited }

    /// Its save goes out (now, or once a PIN let it through): saving, until the result.
    mutating func performing(_ command: DeskCommand) {
        if case .save = command { saving = true }
    }

    /// Its save waits for a PIN: not saving, so Enter asks again if the sign-in is cancelled.
    mutating func heldForPIN(_ command: DeskCommand) { saving = false }
}

extension DeskDialog {
    /// The form, when it is the open dialog, changed in place (`state.dialog?.form?.saving = true`).
    var form: MemberFormModel? {
        get { self[MemberFormModel.self] }
        set { self[MemberFormModel.self] = newValue }
    }
}

extension DialogOpener {
    /// F7, `n`: a new member's form.
    static let newMember = DialogOpener(permission: .addMember) { state, _ in MemberFormModel.opening(nil, state) }

    /// F2: the form of the member refused on the banner ("Pack used up — sell a new pack (F2)"),
    /// else of the member list's selection.
    static let editSelected = DialogOpener { state, now in
        (state.banner.visible(at: now)?.refusedMember ?? state.listSelection).map { MemberFormModel.opening($0, state) }
    }

    /// Enter on the desk (with no card to enrol): the form of the member list's selection.
    static let editListed = DialogOpener { state, _ in state.listSelection.map { MemberFormModel.opening($0, state) } }
}

extension MemberFormModel {
    /// The form of `member` (nil: a new one), with the club's extra fields; a member's visits are read.
    static func opening(_ member: MemberRecord?, _ state: DeskState) -> DialogOpening {
        DialogOpening(.form(MemberFormModel(member: member, extraFields: state.setup.memberFields,
                                                 calendar: state.setup.plans.calendar)),
                      effects: member.map { [.memberForm(.loadVisits($0))] } ?? [])
    }
}
