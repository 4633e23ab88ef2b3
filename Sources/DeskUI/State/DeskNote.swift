/// A line for the event log that a child reducer hands its parent (the log is the parent's).
struct DeskNote: Sendable, Equatable {
    var text: String
    var tone: Tone
}
