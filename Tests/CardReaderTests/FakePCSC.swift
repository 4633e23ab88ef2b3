import CardReader
import Foundation
import Synchronization

/// A scripted PC/SC for unit tests of the monitor: readers, a card per reader, and pcscd
/// that can be made to vanish. Status waits return at once when something is pending and
/// otherwise sleep briefly, like a short timeout.
final class FakePCSC: PCSCContext {
    struct Card {
        var atr: [UInt8]
        var respond: @Sendable ([UInt8]) throws -> [UInt8]
    }

    private struct State {
        var serviceUp = true
        var established = false
        var readers: [String] = []
        var cards: [String: Card] = [:]
        var counters: [String: UInt64] = [:]
        var establishAttempts = 0
        var transmitted: [[UInt8]] = []
    }

    private let state = Mutex(State())

    init(readers: [String]) { state.withLock { $0.readers = readers } }

    var establishAttempts: Int { state.withLock { $0.establishAttempts } }
    var transmitted: [[UInt8]] { state.withLock { $0.transmitted } }

    func setReaders(_ readers: [String]) { state.withLock { $0.readers = readers } }

    func setService(up: Bool) {
        state.withLock {
            $0.serviceUp = up
            if !up { $0.established = false }
        }
    }

    func insert(_ card: Card, into reader: String) {
        state.withLock {
            $0.cards[reader] = card
            $0.counters[reader, default: 0] += 1
        }
    }

    /// Lifted and put back between two status reports: only the event counter shows it.
    func retap(_ reader: String) {
        state.withLock { $0.counters[reader, default: 0] += 2 }
    }

    func removeCard(from reader: String) {
        state.withLock {
            if $0.cards.removeValue(forKey: reader) != nil { $0.counters[reader, default: 0] += 1 }
        }
    }

    private func noService(_ operation: String) -> PCSCError { PCSCError(code: PCSCError.noService, operation: operation) }

    func establish() throws {
        try state.withLock {
            $0.establishAttempts += 1
            guard $0.serviceUp else { throw noService("SCardEstablishContext") }
            $0.established = true
        }
    }

    func release() { state.withLock { $0.established = false } }

    func listReaders() throws -> [String] {
        try state.withLock {
            guard $0.serviceUp, $0.established else { throw noService("SCardListReaders") }
            return $0.readers
        }
    }

    func getStatusChange(_ states: inout [ReaderState], timeoutMilliseconds: UInt32) throws -> Bool {
        let deadline = Date().addingTimeInterval(Double(min(timeoutMilliseconds, 20)) / 1000)
        repeat {
            let snapshot = try state.withLock { state -> State in
                guard state.serviceUp, state.established else { throw noService("SCardGetStatusChange") }
                return state
            }
            var changed = false
            for index in states.indices {
                let name = states[index].reader
                var event: UInt64
                if name == ReaderState.plugAndPlay {
                    event = ReaderState.Flags.unknown.rawValue  // no PnP: the monitor re-lists
                } else if !snapshot.readers.contains(name) {
                    event = ReaderState.Flags.unknown.rawValue
                } else {
                    let present = snapshot.cards[name] != nil
                    event = (present ? ReaderState.Flags.present : ReaderState.Flags.empty).rawValue
                        | (snapshot.counters[name, default: 0] << 16)
                    states[index].atr = snapshot.cards[name]?.atr ?? []
                }
                if event != states[index].currentState & ~ReaderState.Flags.changed.rawValue {
                    event |= ReaderState.Flags.changed.rawValue
                    changed = true
                }
                states[index].eventState = event
            }
            if changed { return true }
            Thread.sleep(forTimeInterval: 0.002)
        } while Date() < deadline
        return false
    }

    func cancel() {}

    func connect(reader: String) throws -> any CardChannel {
        try state.withLock { state in
            guard state.serviceUp else { throw noService("SCardConnect") }
            guard let card = state.cards[reader] else {
                throw PCSCError(code: PCSCError.noSmartcard, operation: "SCardConnect", reader: reader)
            }
            return FakeChannel(reader: reader, card: card, log: self)
        }
    }

    fileprivate func record(_ command: [UInt8]) { state.withLock { $0.transmitted.append(command) } }
}

final class FakeChannel: CardChannel {
    let reader: String
    let card: FakePCSC.Card
    let log: FakePCSC

    init(reader: String, card: FakePCSC.Card, log: FakePCSC) {
        self.reader = reader
        self.card = card
        self.log = log
    }

    func transmit(_ command: [UInt8]) throws -> [UInt8] {
        log.record(command)
        return try card.respond(command)
    }

    func disconnect() {}
}
