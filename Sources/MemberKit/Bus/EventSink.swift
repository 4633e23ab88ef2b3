/// Where an adapter reports what it saw (readers attached, cards presented, bad input).
/// The app's `EventBus` is one; a test may pass its own.
public protocol EventSink: Sendable {
    /// Must not block.
    func publish(_ event: DeskEvent)
}
