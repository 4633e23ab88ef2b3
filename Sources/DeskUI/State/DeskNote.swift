/// A line for the event log that a child reducer hands its parent (the log is the parent's).
struct DeskNote: Sendable, Equatable {
    var text: String
    var tone: Tone
    /// Why a part is off ("no adapter hci0"): a note giving a reason one of the newest lines gave is dropped.
    var reason: String?

    init(text: String, tone: Tone, reason: String? = nil) {
        self.text = text
        self.tone = tone
        self.reason = reason
    }
}
