import Foundation

/// What a child asks of a dialog that is not its own to write, for the parent to do: the dialog
/// a job's answer opens, the sign-in or the quit question over the open one, the lock closing all.
enum DialogChange: Equatable {
    /// Opens when no dialog is open; over another (opened meanwhile) it is dropped, that one stays.
    case open(DeskDialog)
    /// Opens in place of whatever is open: the sign-in and the quit question, which hold it and
    /// close back to it, and the audit view its key asked for.
    case replace(DeskDialog)
    /// Every dialog closes (the desk locks; the lock set aside one with typed text first).
    case closeAll
}

extension DeskReducer {
    /// The one place a child's change to a dialog not its own is made.
    static func change(_ change: DialogChange?, _ state: inout DeskState) {
        switch change {
        case .open(let dialog): if state.dialog == nil { state.dialog = dialog }
        case .replace(let dialog): state.dialog = dialog
        case .closeAll: state.dialog = nil
        case nil: break
        }
    }
}
