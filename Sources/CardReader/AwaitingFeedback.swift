/// Cards kept connected until their check-in's outcome comes back from the worker, so that the
/// monitor can beep and blink on the same connection. The connections belong to the monitor
/// thread alone (PC/SC calls on one context must not overlap a status wait); the worker only
/// posts answers, which the monitor picks up between status waits.
struct AwaitingFeedback {
    private var channels: [Int: any CardChannel] = [:]
    private var nextTap = 0

    var isEmpty: Bool { channels.isEmpty }

    /// Holds the connection; the number names the tap in `FeedbackAnswers`.
    mutating func hold(_ channel: any CardChannel) -> Int {
        nextTap += 1
        channels[nextTap] = channel
        return nextTap
    }

    /// Sends each answered tap its signal (nil: none, the check-in failed) and disconnects it.
    mutating func deliver(_ answers: [(tap: Int, signal: ReaderFeedback.Signal?)]) {
        for answer in answers {
            guard let channel = channels.removeValue(forKey: answer.tap) else { continue }
            if let signal = answer.signal { ReaderFeedback.send(signal, to: channel) }
            channel.disconnect()
        }
    }

    /// pcscd went away or the monitor stops: the handles are no use any more.
    mutating func dropAll() {
        for channel in channels.values { channel.disconnect() }
        channels.removeAll()
    }
}
