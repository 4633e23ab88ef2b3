import Foundation

/// A PC/SC failure: which call failed, and pcsc-lite's code (as the unsigned 32-bit value the
/// headers spell, whatever width LONG has on this platform).
public struct PCSCError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: UInt32
    /// The PC/SC call or step that failed ("SCardConnect", "GET UID" ...).
    public var operation: String
    public var reader: String?

    public init(code: UInt32, operation: String, reader: String? = nil) {
        self.code = code
        self.operation = operation
        self.reader = reader
    }

    public static let internalError: UInt32 = 0x8010_0001
    public static let cancelled: UInt32 = 0x8010_0002
    public static let invalidHandle: UInt32 = 0x8010_0003
    public static let unknownReader: UInt32 = 0x8010_0009
    public static let timeout: UInt32 = 0x8010_000A
    public static let sharingViolation: UInt32 = 0x8010_000B
    public static let noSmartcard: UInt32 = 0x8010_000C
    public static let protoMismatch: UInt32 = 0x8010_000F
    public static let notReady: UInt32 = 0x8010_0010
    public static let commError: UInt32 = 0x8010_0013
    public static let notTransacted: UInt32 = 0x8010_0016
    public static let readerUnavailable: UInt32 = 0x8010_0017
    public static let noService: UInt32 = 0x8010_001D
    public static let serviceStopped: UInt32 = 0x8010_001E
    public static let noReadersAvailable: UInt32 = 0x8010_002E
    public static let unresponsiveCard: UInt32 = 0x8010_0066
    public static let unpoweredCard: UInt32 = 0x8010_0067
    public static let resetCard: UInt32 = 0x8010_0068
    public static let removedCard: UInt32 = 0x8010_0069

    /// pcscd is not running, or went away under us: reconnect.
    public var isServiceGone: Bool {
        [Self.noService, Self.serviceStopped, Self.invalidHandle, Self.commError].contains(code)
    }

    /// The card left (or was never there) before we finished with it.
    public var isCardGone: Bool {
        [Self.noSmartcard, Self.removedCard, Self.resetCard, Self.unpoweredCard, Self.unresponsiveCard,
         Self.notTransacted].contains(code)
    }

    /// The reader itself vanished: list readers again.
    public var isReaderGone: Bool { [Self.readerUnavailable, Self.unknownReader].contains(code) }

    public var name: String {
        switch code {
        case Self.internalError: return "SCARD_F_INTERNAL_ERROR"
        case Self.cancelled: return "SCARD_E_CANCELLED"
        case Self.invalidHandle: return "SCARD_E_INVALID_HANDLE"
        case Self.unknownReader: return "SCARD_E_UNKNOWN_READER"
        case Self.timeout: return "SCARD_E_TIMEOUT"
        case Self.sharingViolation: return "SCARD_E_SHARING_VIOLATION"
        case Self.noSmartcard: return "SCARD_E_NO_SMARTCARD"
        case Self.protoMismatch: return "SCARD_E_PROTO_MISMATCH"
        case Self.notReady: return "SCARD_E_NOT_READY"
        case Self.commError: return "SCARD_F_COMM_ERROR"
        case Self.notTransacted: return "SCARD_E_NOT_TRANSACTED"
        case Self.readerUnavailable: return "SCARD_E_READER_UNAVAILABLE"
        case Self.noService: return "SCARD_E_NO_SERVICE"
        case Self.serviceStopped: return "SCARD_E_SERVICE_STOPPED"
        case Self.noReadersAvailable: return "SCARD_E_NO_READERS_AVAILABLE"
        case Self.unresponsiveCard: return "SCARD_W_UNRESPONSIVE_CARD"
        case Self.unpoweredCard: return "SCARD_W_UNPOWERED_CARD"
        case Self.resetCard: return "SCARD_W_RESET_CARD"
        case Self.removedCard: return "SCARD_W_REMOVED_CARD"
        default: return "0x" + String(code, radix: 16, uppercase: true)
        }
    }

    /// What a person reads: what happened, then the PC/SC name for the log-minded.
    public var description: String {
        let what: String
        if isServiceGone {
            what = "pcscd is not running or stopped answering"
        } else if code == Self.removedCard || code == Self.noSmartcard {
            what = "the card was removed before it could be read; tap again"
        } else if isCardGone {
            what = "the card stopped answering; tap again"
        } else if isReaderGone {
            what = "the reader is gone"
        } else if code == Self.sharingViolation {
            what = "another program holds the card exclusively"
        } else {
            what = "the reader reported an error"
        }
        let prefix = reader.map { "\($0): " } ?? ""
        return "\(prefix)\(operation) failed: \(what) (\(name))"
    }
}
