/// A pane's answer to a key: not its key, taken, or taken with something for the desk to do.
public enum PaneReply: Sendable, Equatable {
    case ignored
    case handled
    case command(DeskCommand)
}
