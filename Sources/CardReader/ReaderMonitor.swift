import Foundation
import MemberKit
import Synchronization

/// Watches every reader through pcscd and turns each card presentation into one check-in.
///
/// One thread blocks in `SCardGetStatusChange` over all readers plus the PnP pseudo-reader
/// (or re-lists every second where PnP is unsupported). A presentation is a change to
/// "present"; a card lying on the reader raises no further change, so it counts once.
/// A card already on a reader when the monitor starts counts; one that lay there before pcscd
/// went away does not count again when it comes back. pcscd going away is retried with backoff up to 2 s.
///
/// The monitor reports; the core decides. Each read goes to the check-in port through a serial
/// worker (`CheckInWorker`), so a database waiting for its lock never stalls the readers; the
/// outcome comes back for the reader's beep and LED (`AwaitingFeedback`). Reader events go to the sink.
///
/// This file is the thread and its reconnects to pcscd; presentation detection is in
/// `ReaderMonitor+Watch.swift` (with `ReaderSet`), the card read and its feedback in `ReaderMonitor+Present.swift`.
public final class ReaderMonitor: Sendable {
    let context: any PCSCContext
    let checkIns: CheckInWorker
    let events: any EventSink
    let answers = FeedbackAnswers()
    let options: Options
    let onTap: (@Sendable (TapTiming) -> Void)?
    private let stopping = Atomic<Bool>(false)
    let watching = Atomic<Bool>(false)
    private let running = Mutex<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    public init(context: any PCSCContext, checkIns: any CheckInPort, events: any EventSink, options: Options = Options(),
                onTap: (@Sendable (TapTiming) -> Void)? = nil) {
        self.context = context
        self.checkIns = CheckInWorker(port: checkIns)
        self.events = events
        self.options = options
        self.onTap = onTap
    }

    public func start() {
        let first = running.withLock { running -> Bool in defer { running = true }; return !running }
        guard first else { return }
        stopping.store(false, ordering: .sequentiallyConsistent)
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "memberdesk.reader-monitor"
        thread.start()
    }

    /// Stops the thread and waits for it (a blocked status wait is cancelled), then for the
    /// check-ins of taps already read, so that none is lost.
    public func stop() {
        guard running.withLock({ $0 }) else { return }
        stopping.store(true, ordering: .sequentiallyConsistent)
        wake.signal()
        context.cancel()
        // SCardCancel only reaches a wait already in progress; keep nudging until the thread ends.
        while finished.wait(timeout: .now() + .milliseconds(50)) == .timedOut { context.cancel() }
        checkIns.drain()
        _ = answers.take()
        running.withLock { $0 = false }
    }

    /// True once the readers' first states are known. False while pcscd is away.
    public var isWatching: Bool { watching.load(ordering: .sequentiallyConsistent) }

    var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    /// Sleeps unless `stop()` comes first.
    func pause(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        _ = wake.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
    }

    // MARK: The loop

    private func run() {
        var backoff = options.initialBackoff
        var serviceUp: Bool?
        var readers = ReaderSet()
        var awaiting = AwaitingFeedback()
        defer { awaiting.dropAll() }
        while !isStopping {
            do {
                try context.establish()
            } catch {
                if serviceUp != false {
                    let message = (error as? PCSCError)?.description ?? "\(error)"
                    events.publish(.reader(.failure(reader: nil, message: "\(message); retrying")))
                    events.publish(.reader(.service(available: false)))
                }
                serviceUp = false
                pause(backoff)
                backoff = min(backoff * 2, options.maximumBackoff)
                continue
            }
            if serviceUp != true { events.publish(.reader(.service(available: true))) }
            serviceUp = true
            backoff = options.initialBackoff
            do {
                try watch(&readers, &awaiting)
            } catch let error as PCSCError where !isStopping {
                // pcscd stopped or restarted: its readers are gone until we reconnect.
                watching.store(false, ordering: .sequentiallyConsistent)
                events.publish(.reader(.failure(reader: nil, message: "\(error.description); reconnecting")))
                events.publish(.reader(.service(available: false)))
                serviceUp = false
                awaiting.dropAll()
                readers.update(to: [], events: events)
                pause(backoff)
                backoff = min(backoff * 2, options.maximumBackoff)
            } catch {
                break
            }
            context.release()
        }
        context.release()
    }
}
