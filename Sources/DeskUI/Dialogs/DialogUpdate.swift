/// A line for the event log that a child reducer hands its parent (the log is the parent's).
struct DeskNote: Sendable, Equatable {
    var text: String
    var tone: Tone
}

/// A dialog's answer to a job's result, as `DialogReply` is its answer to a key: each dialog's
/// `receive` changes only itself and says what its parent does next.
enum DialogUpdate: Sendable, Equatable {
    /// Not this dialog's result: the parent handles it.
    case ignored
    /// The dialog changed itself; `note`: a line for the event log.
    case updated(note: DeskNote? = nil)
    case close
    /// The dialog becomes another (an import's file prompt becomes its review).
    case becomes(DeskDialog)
}
