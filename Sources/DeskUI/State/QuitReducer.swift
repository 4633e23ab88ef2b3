import Foundation

/// Quitting's slice of the desk: whether the loop should end, and the open dialog Ctrl-C may ask
/// over (read only: the quit question opens over it through the parent).
struct QuitSlice: Equatable {
    var wantsQuit: Bool
    let open: DeskDialog?

    static var lens: SliceLens<QuitSlice> {
        SliceLens(read: { QuitSlice(wantsQuit: $0.wantsQuit, open: $0.dialog) }, write: { $1.wantsQuit = $0.wantsQuit })
    }
}

enum QuitAction: Equatable {
    /// F10, `q`, or "Quit" in the quit question.
    case quit
    /// Ctrl-C from anywhere: over typed text it asks first (a second Ctrl-C quits).
    case interrupt
}

/// Quitting's reducer: it alone sets `wantsQuit`, and asks for the quit question over typed text.
enum QuitReducer {
    static func reduce(_ slice: inout QuitSlice, _ action: QuitAction) -> DialogChange? {
        switch action {
        case .quit:
            slice.wantsQuit = true
        case .interrupt:
            if let dialog = slice.open, dialog.holdsTypedText { return .replace(.confirmQuit(ConfirmQuitDialog(resume: dialog))) }
            slice.wantsQuit = true
        }
        return nil
    }
}
