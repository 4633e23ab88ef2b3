import Foundation
import SecureCards

/// The PC/SC part 3 pseudo-APDUs memberdesk sends to contactless readers, and their answers.
public enum APDU {
    /// GET DATA: the card's UID (ISO 14443 A/B alike).
    public static let getUID: [UInt8] = [0xFF, 0xCA, 0x00, 0x00, 0x00]

    /// READ BINARY of 16 bytes (four 4-byte pages of a Type 2 tag) from `page`.
    public static func readPages(from page: UInt8) -> [UInt8] { [0xFF, 0xB0, 0x00, page, 0x10] }

    /// ISO 7816-4 SELECT by application name (DF name), first or only occurrence.
    public static func select(application: [UInt8]) -> [UInt8] { [0x00, 0xA4, 0x04, 0x00, UInt8(application.count)] + application + [0x00] }

    /// ISO 7816-4 SELECT of an elementary file by its id, no answer data.
    public static func select(file: [UInt8]) -> [UInt8] { [0x00, 0xA4, 0x00, 0x0C, UInt8(file.count)] + file }

    /// ISO 7816-4 READ BINARY of the selected file.
    public static func readBinary(offset: Int, length: Int) -> [UInt8] {
        [0x00, 0xB0, UInt8(offset >> 8 & 0x7F), UInt8(offset & 0xFF), UInt8(length & 0xFF)]
    }

    /// ISO 7816-4 UPDATE BINARY of the selected file.
    public static func updateBinary(offset: Int, data: [UInt8]) -> [UInt8] {
        [0x00, 0xD6, UInt8(offset >> 8 & 0x7F), UInt8(offset & 0xFF), UInt8(data.count)] + data
    }

    /// A response split into its data and status word. Fewer than two bytes is a truncated
    /// answer, never a crash.
    public struct Response: Sendable, Equatable {
        public var data: [UInt8]
        public var sw1: UInt8
        public var sw2: UInt8

        public init(_ bytes: [UInt8], command: String) throws(CardReadError) {
            guard bytes.count >= 2 else { throw .truncated(command: command, bytes: bytes.count) }
            data = Array(bytes.dropLast(2))
            sw1 = bytes[bytes.count - 2]
            sw2 = bytes[bytes.count - 1]
        }

        public var statusWord: UInt16 { UInt16(sw1) << 8 | UInt16(sw2) }
        public var isSuccess: Bool { sw1 == 0x90 && sw2 == 0x00 }

        /// The data, or the status word as a typed error.
        public func payload(command: String) throws(CardReadError) -> [UInt8] {
            guard isSuccess else { throw .status(command: command, sw1: sw1, sw2: sw2) }
            return data
        }
    }

    /// What a status word means, in words (ISO 7816-4 and PC/SC part 3).
    public static func meaning(sw1: UInt8, sw2: UInt8) -> String {
        switch (sw1, sw2) {
        case (0x90, 0x00): return "success"
        case (0x62, 0x82): return "end of data reached early"
        case (0x63, 0x00): return "the operation failed"
        case (0x65, 0x81): return "memory failure"
        case (0x67, 0x00): return "wrong length"
        case (0x68, 0x00): return "class byte not supported"
        case (0x69, 0x81): return "command incompatible with the card"
        case (0x69, 0x82): return "security status not satisfied"
        case (0x6A, 0x81): return "function not supported"
        case (0x6A, 0x82): return "file or page not found"
        case (0x6B, 0x00): return "wrong parameters (page out of range)"
        case (0x6C, _): return "wrong length, expected \(sw2)"
        case (0x6D, 0x00): return "instruction not supported"
        case (0x6E, 0x00): return "class not supported"
        case (0x91, 0x1E): return "integrity error (MAC or CRC)"
        case (0x91, 0x40): return "no such key"
        case (0x91, 0x7E): return "length error"
        case (0x91, 0x9D): return "permission denied"
        case (0x91, 0x9E): return "parameter error"
        case (0x91, 0xAE): return "authentication error (wrong key)"
        case (0x91, 0xAF): return "more frames expected"
        case (0x91, 0xF0): return "no such file"
        default: return "unexpected status"
        }
    }
}

/// Why a card could not be read. Each carries the command, so the message says what failed.
public enum CardReadError: Error, Sendable, Equatable, CustomStringConvertible {
    case status(command: String, sw1: UInt8, sw2: UInt8)
    case truncated(command: String, bytes: Int)
    case emptyUID
    case ndef(NDEFError)
    case transport(PCSCError)
    /// A SUN message that does not verify (or no keys to verify it with).
    case sun(SecureCardError)
    /// A phone's answer that does not decrypt or parse (see `WalletReadingError`).
    case wallet(String)
    /// A phone that did not accept the reader itself (Smart Tap's 95 00): the club's set-up is wrong, not the pass.
    case walletReaderRejected(String)

    public var description: String {
        switch self {
        case .status(let command, let sw1, let sw2):
            return "the card answered \(hex([sw1, sw2], separator: " ")) to \(command) (\(APDU.meaning(sw1: sw1, sw2: sw2)))"
        case .truncated(let command, 0):
            return "no answer to \(command) (was the card taken away too soon?); tap again"
        case .truncated(let command, let bytes):
            return "the card's answer to \(command) was truncated (\(bytes) byte\(bytes == 1 ? "" : "s"))"
        case .emptyUID:
            return "the card answered GET UID with no UID"
        case .ndef(let error):
            return "the card's NDEF data is unreadable: \(error)"
        case .transport(let error):
            return error.description
        case .sun(let error):
            return "secure card refused: \(error)"
        case .wallet(let message):
            return "the phone's pass is unreadable: \(message)"
        case .walletReaderRejected(let message):
            return "the phone refused this reader: \(message)"
        }
    }
}

/// "04 A2 3B" style hex, for messages and the CLI.
public func hex(_ bytes: [UInt8], separator: String = "") -> String {
    bytes.map { String(format: "%02X", $0) }.joined(separator: separator)
}
