import Foundation

/// One reader's state as `SCardGetStatusChange` sees it. The raw values keep pcsc-lite's
/// layout: state flags in the low 16 bits, the card event counter in the high 16 bits.
public struct ReaderState: Sendable, Equatable {
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt64
        public init(rawValue: UInt64) { self.rawValue = rawValue }
        public static let ignore = Flags(rawValue: 0x0001)
        public static let changed = Flags(rawValue: 0x0002)
        public static let unknown = Flags(rawValue: 0x0004)
        public static let unavailable = Flags(rawValue: 0x0008)
        public static let empty = Flags(rawValue: 0x0010)
        public static let present = Flags(rawValue: 0x0020)
        public static let exclusive = Flags(rawValue: 0x0080)
        public static let inUse = Flags(rawValue: 0x0100)
        public static let mute = Flags(rawValue: 0x0200)
        public static let unpowered = Flags(rawValue: 0x0400)
    }

    /// The pseudo-reader whose state changes when a reader is attached or removed.
    public static let plugAndPlay = "\\\\?PnP?\\Notification"

    public var reader: String
    /// What we last saw (fed back to pcscd so that it reports only changes).
    public var currentState: UInt64
    /// What pcscd reports now.
    public var eventState: UInt64
    public var atr: [UInt8]

    public init(reader: String, currentState: UInt64 = 0, eventState: UInt64 = 0, atr: [UInt8] = []) {
        self.reader = reader
        self.currentState = currentState
        self.eventState = eventState
        self.atr = atr
    }

    public var flags: Flags { Flags(rawValue: eventState & 0xFFFF) }
    /// Counts card insertions and removals; a change while `present` stays set is a quick re-tap.
    public var eventCount: UInt64 { (eventState >> 16) & 0xFFFF }
    public var isCardPresent: Bool { flags.contains(.present) && !flags.contains(.mute) }
}

/// The slice of PC/SC that memberdesk uses, so that the monitor can run against pcsc-lite
/// or against a test double.
public protocol PCSCContext: AnyObject, Sendable {
    /// Connects to pcscd (again). Throws `noService` when pcscd is not running.
    func establish() throws
    func release()
    /// The readers pcscd knows; empty when there are none.
    func listReaders() throws -> [String]
    /// Waits until a state differs from `currentState` or the timeout passes (false then).
    func getStatusChange(_ states: inout [ReaderState], timeoutMilliseconds: UInt32) throws -> Bool
    /// Wakes a blocked `getStatusChange` (from any thread).
    func cancel()
    /// A shared connection to the card in the reader.
    func connect(reader: String) throws -> any CardChannel
}

/// A connection to one card.
public protocol CardChannel: AnyObject {
    var reader: String { get }
    /// Sends a command APDU and returns the response with its status word.
    func transmit(_ command: [UInt8]) throws -> [UInt8]
    func disconnect()
}
