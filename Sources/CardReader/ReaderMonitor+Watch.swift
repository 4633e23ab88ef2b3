import Foundation
import MemberKit

/// Presentation detection: the status-change loop over the watched readers (and PnP), turning a
/// reader's change to "present" into one presentation, and the reader list kept current.
extension ReaderMonitor {
    /// Follows status changes until pcscd goes away (throws) or the monitor stops (returns).
    func watch(_ readers: inout ReaderSet, _ awaiting: inout AwaitingFeedback) throws {
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
    func relist(_ readers: inout ReaderSet) throws {
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
    func supportsPlugAndPlay() throws -> Bool {
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
}
