/// A dialog's answer to a key: stay open or close, and perhaps ask the desk to act.
public enum DialogReply: Sendable, Equatable {
    case stay
    case close
    case stayAnd(DeskCommand)
    case closeAnd(DeskCommand)
}
