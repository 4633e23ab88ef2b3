import Foundation

/// Quitting's slice of the desk: whether the loop should end, and the dialog Ctrl-C may ask over.
struct QuitSlice: Equatable {
    var wantsQuit: Bool
    var dialog: DeskDialog?
}

extension QuitSlice {
    static var scope: DeskScope<QuitSlice, Bool, DeskDialog?> {
        DeskScope(QuitSlice.init, .init(\.wantsQuit, at: \.wantsQuit), .init(\.dialog, at: \.dialog))
    }
}

enum QuitAction: Equatable {
    /// F10, `q`, or "Quit" in the quit question.
    case quit
    /// Ctrl-C from anywhere: over typed text it asks first (a second Ctrl-C quits).
    case interrupt
}

/// Quitting's reducer: it alone sets `wantsQuit`, and opens the quit question over typed text.
enum QuitReducer {
    static func reduce(_ slice: inout QuitSlice, _ action: QuitAction) {
        switch action {
        case .quit:
            slice.wantsQuit = true
        case .interrupt:
            if let dialog = slice.dialog, dialog.holdsTypedText {
                slice.dialog = .confirmQuit(ConfirmQuitDialog(resume: dialog))
            } else {
                slice.wantsQuit = true
            }
        }
    }
}
