import Foundation

/// Apple's enhanced contactless polling (ECP) frame, VAS only: what an iPhone listens for to show
/// a pass without being opened. On air it is `6A 01 00 00 02` and its CRC_A `E4 D2`; the reader
/// sends the five bytes and adds the CRC itself (a PN532 by default, a part 3 exchange unless
/// told not to), so both ways below put exactly `6A 01 00 00 02 E4 D2` on air.
///
/// PC/SC gives the host no hand in polling: the frame goes out once the phone answered as an
/// ISO 14443-4 card, before the VAS exchange, through whatever pass-through the reader offers.
/// A reader that refuses it (or is not one we know) is no error: the exchange goes on as without.
public enum ECPFrame {
    /// The frame without its CRC.
    public static let body: [UInt8] = [0x6A, 0x01, 0x00, 0x00, 0x02]
    /// CRC_A of `body` (ISO/IEC 14443-3), low byte first: what the reader appends.
    public static let crc: [UInt8] = [0xE4, 0xD2]

    /// How a reader lets the host put a raw frame on air.
    public enum Kind: String, Sendable, Equatable {
        /// An ACR122U: its PN532 through the direct transmit pseudo-APDU `FF 00 00 00`,
        /// as InCommunicateThru (`D4 42`).
        case pn532
        /// PC/SC part 3 transparent exchange (`FF C2`), as an ACR1252U offers: start a
        /// transparent session, transceive the frame, end the session.
        case transparentExchange

        /// The kind a reader's name tells (pcscd names readers after their USB product), or nil.
        public init?(readerName: String) {
            let name = readerName.uppercased()
            if name.contains("ACR122") { self = .pn532 } else if name.contains("ACR1252") { self = .transparentExchange } else { return nil }
        }
    }

    /// When to send it (`reader.ecp`): never, to readers whose name says how, or always one way
    /// (tests, and a reader we do not know by name).
    public enum Use: Sendable, Equatable {
        case off
        case byReaderName
        case always(Kind)

        func kind(reader: String) -> Kind? {
            switch self {
            case .off: return nil
            case .byReaderName: return Kind(readerName: reader)
            case .always(let kind): return kind
            }
        }
    }

    /// The command APDUs that send the frame through a reader of `kind`, in order.
    public static func commands(_ kind: Kind) -> [[UInt8]] {
        switch kind {
        case .pn532:
            let inCommunicateThru: [UInt8] = [0xD4, 0x42] + body
            return [[0xFF, 0x00, 0x00, 0x00, UInt8(inCommunicateThru.count)] + inCommunicateThru]
        case .transparentExchange:
            // Transmission and reception flags 00 00: the reader appends the CRC, as on every frame.
            let objects: [UInt8] = [0x90, 0x02, 0x00, 0x00, 0x95, UInt8(body.count)] + body
            return [
                [0xFF, 0xC2, 0x00, 0x00, 0x02, 0x81, 0x00, 0x00],  // manage session: start transparent session
                [0xFF, 0xC2, 0x00, 0x01, UInt8(objects.count)] + objects + [0x00],  // transparent exchange: transceive
                [0xFF, 0xC2, 0x00, 0x00, 0x02, 0x82, 0x00, 0x00],  // manage session: end transparent session
            ]
        }
    }

    /// What sending gave: sent (every command answered 90 00), or refused by the reader (its first
    /// status word that was not 90 00, or a transmit error) — then the rest is not sent, except the
    /// end of a transparent session that was started.
    public enum Outcome: Sendable, Equatable {
        case sent
        case refused(String)
    }

    /// Sends the frame through `card`'s reader. Never throws: a phone's wallet is read either way.
    @discardableResult
    public static func send(_ card: any CardChannel, kind: Kind) -> Outcome {
        let commands = commands(kind)
        for (index, command) in commands.enumerated() {
            let answer: [UInt8]
            do { answer = try card.transmit(command) } catch { return .refused("\(error)") }
            guard answer.count >= 2, answer.suffix(2) == [0x90, 0x00] else {
                // A session that started is ended, so the reader goes back to ISO 14443-4 exchanges.
                if kind == .transparentExchange, index == 1 { _ = try? card.transmit(commands[2]) }
                let sw = answer.suffix(2).map { String(format: "%02X", $0) }.joined()
                return .refused("the reader answered \(sw.isEmpty ? "nothing" : sw) to ECP")
            }
        }
        return .sent
    }
}
