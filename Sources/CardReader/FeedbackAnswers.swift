import Synchronization

/// The worker's answers for taps awaiting feedback, handed to the monitor thread.
final class FeedbackAnswers: Sendable {
    private let answers = Mutex<[(tap: Int, signal: ReaderFeedback.Signal?)]>([])

    func post(tap: Int, signal: ReaderFeedback.Signal?) { answers.withLock { $0.append((tap, signal)) } }

    func take() -> [(tap: Int, signal: ReaderFeedback.Signal?)] {
        answers.withLock { answers in defer { answers.removeAll() }; return answers }
    }
}
