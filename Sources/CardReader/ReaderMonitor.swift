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
public final class ReaderMonitor: Sendable {
    public struct Options: Sendable {
        /// Watch only readers whose name equals or contains this (case-insensitive); empty: all.
        public var readerName: String
        public var feedback: Bool
        /// How often to list readers again when pcscd has no PnP notification.
        public var relistInterval: Duration
        public var initialBackoff: Duration
        public var maximumBackoff: Duration
        /// What an ISO 14443-4 card is asked for after its UID, in order (see `ApplicationReader`):
        /// by default the Type 4 NDEF application, without SUN keys.
        public var applications: [any ApplicationReader]
        /// Phones' passes (Apple VAS, Google Smart Tap), as set up in `[wallet]`.
        public var wallet: WalletReaders

        public init(readerName: String = "", feedback: Bool = true, relistInterval: Duration = .seconds(1),
                    initialBackoff: Duration = .milliseconds(100), maximumBackoff: Duration = .seconds(2),
                    applications: [any ApplicationReader] = [Type4NDEFReader(verifier: nil)],
                    wallet: WalletReaders = WalletReaders()) {
            self.applications = applications
            self.readerName = readerName
            self.feedback = feedback
            self.relistInterval = relistInterval
            self.initialBackoff = initialBackoff
            self.maximumBackoff = maximumBackoff
            self.wallet = wallet
        }

        func watches(_ reader: String) -> Bool {
            readerName.isEmpty || reader == readerName || reader.localizedCaseInsensitiveContains(readerName)
        }
    }

    /// From pcscd reporting the card (SCardGetStatusChange returning) to the committed visit
    /// (reported from the check-in worker).
    public struct TapTiming: Sendable {
        public var reader: String
        public var detected: ContinuousClock.Instant
        /// The card read (connect and APDUs through pcscd) finished.
        public var read: ContinuousClock.Instant
        public var committed: ContinuousClock.Instant
    }

    private let context: any PCSCContext
    private let checkIns: CheckInWorker
    private let events: any EventSink
    private let answers = FeedbackAnswers()
    private let options: Options
    private let onTap: (@Sendable (TapTiming) -> Void)?
    private let stopping = Atomic<Bool>(false)
    private let watching = Atomic<Bool>(false)
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

    private var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    /// Sleeps unless `stop()` comes first.
    private func pause(_ duration: Duration) {
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

    /// Follows status changes until pcscd goes away (throws) or the monitor stops (returns).
    private func watch(_ readers: inout ReaderSet, _ awaiting: inout AwaitingFeedback) throws {
        let plugAndPlay = try supportsPlugAndPlay()
        try relist(&readers)
        var states = readers.states(plugAndPlay: plugAndPlay)
        while !isStopping {
            awaiting.deliver(answers.take())
            if states.isEmpty {
                watching.store(true, ordering: .sequentiallyConsistent)
                pause(options.relistInterval)
                try relist(&readers)
                states = readers.states(plugAndPlay: plugAndPlay)
                continue
            }
            // The worker wakes the wait with SCardCancel when an outcome is in; a cancel that comes
            // just before the wait starts is lost, so the wait is short while feedback is due.
            let timeout = awaiting.isEmpty ? max(plugAndPlay ? 10_000 : UInt32(options.relistInterval.components.seconds * 1000), 100) : 20
            let changed: Bool
            do {
                changed = try context.getStatusChange(&states, timeoutMilliseconds: timeout)
            } catch let error as PCSCError where error.code == PCSCError.cancelled {
                continue
            } catch let error as PCSCError where error.isReaderGone {
                try relist(&readers)
                states = readers.states(plugAndPlay: plugAndPlay)
                continue
            }
            let detected = ContinuousClock.now
            var needsRelist = !plugAndPlay && !changed
            for index in states.indices {
                let state = states[index]
                defer { states[index].currentState = state.eventState }
                guard changed, state.flags.contains(.changed) || state.currentState == 0 else { continue }
                if state.reader == ReaderState.plugAndPlay { needsRelist = true; continue }
                if state.flags.contains(.unknown) || state.flags.contains(.unavailable) { needsRelist = true; continue }
                switch readers.track(state) {
                case .none: break
                case .presented:
                    try present(reader: state.reader, atr: state.atr, detected: detected, awaiting: &awaiting)
                case .removed:
                    events.publish(.reader(.cardRemoved(reader: state.reader)))
                case .removedAndPresented:
                    events.publish(.reader(.cardRemoved(reader: state.reader)))
                    try present(reader: state.reader, atr: state.atr, detected: detected, awaiting: &awaiting)
                case .mute:
                    events.publish(.reader(.failure(reader: state.reader, message: "\(state.reader): the card does not answer (mute); tap again")))
                }
            }
            watching.store(true, ordering: .sequentiallyConsistent)
            if needsRelist {
                let before = readers.names
                try relist(&readers)
                if readers.names != before { states = readers.states(plugAndPlay: plugAndPlay, keeping: states) }
            }
        }
    }

    /// Lists readers again and reports the difference. A `--reader` name that matches none of
    /// the readers pcscd has is reported once, with the names it could have been.
    private func relist(_ readers: inout ReaderSet) throws {
        let all = try context.listReaders().filter { $0 != ReaderState.plugAndPlay }
        let watched = all.filter(options.watches)
        if watched.isEmpty, !all.isEmpty {
            if readers.unmatched != all {
                events.publish(.reader(.failure(reader: nil, message:
                    "no reader matches '\(options.readerName)'; pcscd sees: \(all.joined(separator: ", "))")))
            }
            readers.unmatched = all
        } else {
            readers.unmatched = nil
        }
        readers.update(to: watched, events: events)
    }

    /// pcsc-lite answers "unknown" for the PnP pseudo-reader when it cannot notify.
    private func supportsPlugAndPlay() throws -> Bool {
        var probe = [ReaderState(reader: ReaderState.plugAndPlay)]
        while true {
            do {
                _ = try context.getStatusChange(&probe, timeoutMilliseconds: 0)
                return !probe[0].flags.contains(.unknown)
            } catch let error as PCSCError where error.code == PCSCError.cancelled {
                continue  // the check-in worker's wake-up, not an answer
            } catch let error as PCSCError where !error.isServiceGone {
                return false
            }
        }
    }

    /// Reads the card and queues its check-in; a reader that takes feedback keeps the card
    /// connected until the outcome is in. Errors about the card or the reader become events;
    /// only pcscd going away propagates.
    private func present(reader: String, atr: [UInt8], detected: ContinuousClock.Instant,
                         awaiting: inout AwaitingFeedback) throws {
        events.publish(.reader(.cardPresented(reader: reader, atr: atr)))
        let card: any CardChannel
        do {
            card = try context.connect(reader: reader)
        } catch let error as PCSCError {
            if error.isServiceGone { throw error }
            events.publish(.reader(.failure(reader: reader, message: error.description)))
            return
        }
        let read: WalletReaders.Credential
        do {
            read = try options.wallet.credential(for: CardReading.read(card, atr: atr, applications: options.applications), card: card)
        } catch {
            card.disconnect()
            if case .transport(let pcsc) = error, pcsc.isServiceGone { throw pcsc }
            events.publish(.reader(.failure(reader: reader, message: "\(reader): \(error.description)")))
            return
        }
        let readAt = ContinuousClock.now
        let tap: Int? = options.feedback && ReaderFeedback.supports(reader: reader) ? awaiting.hold(card) : nil
        if tap == nil { card.disconnect() }
        checkIns.submit(read) { [self] outcome in
            // nil: the core has published the error (bad pass or store failure); no beep then.
            if outcome != nil { onTap?(TapTiming(reader: reader, detected: detected, read: readAt, committed: .now)) }
            guard let tap else { return }
            answers.post(tap: tap, signal: outcome.map { $0.isAccepted ? .accepted : .refused })
            context.cancel()
        }
    }
}

/// The readers being watched and what each last showed, so that only transitions count.
struct ReaderSet {
    enum Change { case none, presented, removed, removedAndPresented, mute }

    private struct Seen {
        var present = false
        var mute = false
        var eventCount: UInt64 = 0
        var known = false
    }

    private(set) var names: Set<String> = []
    /// The readers pcscd had when none matched the name asked for (reported once).
    var unmatched: [String]?
    private var ordered: [String] = []
    private var seen: [String: Seen] = [:]
    /// Survives reader removal and pcscd outages, unlike `seen`.
    private var lastPresence: [String: Bool] = [:]

    /// Reports attached/removed for the difference.
    mutating func update(to list: [String], events: any EventSink) {
        let new = Set(list)
        for name in ordered where !new.contains(name) {
            events.publish(.reader(.removed(reader: name)))
            seen[name] = nil
        }
        for name in list where !names.contains(name) {
            events.publish(.reader(.attached(reader: name)))
            seen[name] = Seen()
        }
        names = new
        ordered = list
    }

    /// Status queries for every reader (plus PnP), keeping what we knew of readers still there.
    func states(plugAndPlay: Bool, keeping previous: [ReaderState] = []) -> [ReaderState] {
        var states = ordered.map { name in
            previous.first { $0.reader == name } ?? ReaderState(reader: name)
        }
        if plugAndPlay {
            states.append(previous.first { $0.reader == ReaderState.plugAndPlay } ?? ReaderState(reader: ReaderState.plugAndPlay))
        }
        return states
    }

    /// Compares a reader's report with what it showed last.
    mutating func track(_ state: ReaderState) -> Change {
        var entry = seen[state.reader] ?? Seen()
        defer { seen[state.reader] = entry }
        let present = state.isCardPresent
        let mute = state.flags.contains(.present) && state.flags.contains(.mute)
        let count = state.eventCount
        guard entry.known else {
            // A reader's first report: a card there now counts, unless it already lay there
            // before pcscd went away (a daemon restart is not a tap).
            let lay = lastPresence[state.reader] ?? false
            entry = Seen(present: present, mute: mute, eventCount: count, known: true)
            lastPresence[state.reader] = present
            if mute { return .mute }
            return present && !lay ? .presented : .none
        }
        defer { lastPresence[state.reader] = present }
        let wasPresent = entry.present
        // Two or more card events while "present" both times: removed and presented again in between.
        let retapped = wasPresent && present && (count &- entry.eventCount) & 0xFFFF >= 2
        let becameMute = mute && !entry.mute
        entry.present = present
        entry.mute = mute
        entry.eventCount = count
        if becameMute { return .mute }
        if retapped { return .removedAndPresented }
        if present && !wasPresent { return .presented }
        if !present && wasPresent { return .removed }
        return .none
    }
}
