@testable import CardReader
import Foundation
import Testing

/// The exact bytes `reader.ecp` sends per reader kind, and that a reader refusing them is no error.
@Suite struct ECPFrameTests {
    /// A reader that records what it is sent and answers from a script (default 90 00).
    final class RecordingChannel: CardChannel {
        let reader: String
        var sent: [[UInt8]] = []
        let answer: ([UInt8]) throws -> [UInt8]

        init(reader: String, answer: @escaping ([UInt8]) throws -> [UInt8] = { _ in [0x90, 0x00] }) {
            self.reader = reader
            self.answer = answer
        }

        func transmit(_ command: [UInt8]) throws -> [UInt8] {
            sent.append(command)
            return try answer(command)
        }

        func disconnect() {}
    }

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.replacingOccurrences(of: " ", with: "").utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    /// ISO/IEC 14443-3 CRC_A, computed here apart from the code: the frame on air must be Apple's.
    static func crcA(_ bytes: [UInt8]) -> [UInt8] {
        var crc: UInt16 = 0x6363
        for byte in bytes {
            var b = byte ^ UInt8(crc & 0xFF)
            b ^= b << 4
            crc = (crc >> 8) ^ (UInt16(b) << 8) ^ (UInt16(b) << 3) ^ (UInt16(b) >> 4)
        }
        return [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    @Test func theFrameOnAirIsApplesVASOnlyFrame() {
        #expect(ECPFrame.body + Self.crcA(ECPFrame.body) == Self.hex("6A01000002E4D2"))
        #expect(ECPFrame.crc == Self.crcA(ECPFrame.body))
    }

    @Test func anACR122USendsItThroughItsPN532AsInCommunicateThru() {
        let card = RecordingChannel(reader: "ACS ACR122U PICC Interface 00 00")
        #expect(ECPFrame.send(card, kind: ECPFrame.Kind(readerName: card.reader)!) == .sent)
        #expect(card.sent == [Self.hex("FF 00 00 00 07 D4 42 6A 01 00 00 02")])
    }

    @Test func anACR1252USendsItAsAPart3TransparentExchangeInASession() {
        let card = RecordingChannel(reader: "ACS ACR1252 Dual Reader [ACR1252 Dual Reader PICC] 00 00")
        #expect(ECPFrame.send(card, kind: ECPFrame.Kind(readerName: card.reader)!) == .sent)
        #expect(card.sent == [
            Self.hex("FF C2 00 00 02 81 00 00"),
            Self.hex("FF C2 00 01 0B 90 02 00 00 95 05 6A 01 00 00 02 00"),
            Self.hex("FF C2 00 00 02 82 00 00"),
        ])
    }

    @Test func readersKnownByName() {
        #expect(ECPFrame.Kind(readerName: "ACS ACR122U 00 00") == .pn532)
        #expect(ECPFrame.Kind(readerName: "ACS ACR1252 1S CL Reader [ACR1252 1S CL Reader PICC] 00 00") == .transparentExchange)
        #expect(ECPFrame.Kind(readerName: "Virtual PCD 00 00") == nil)
        #expect(ECPFrame.Kind(readerName: "Identiv uTrust 3700 F CL Reader") == nil)
        #expect(ECPFrame.Use.off.kind(reader: "ACS ACR122U 00 00") == nil)
        #expect(ECPFrame.Use.byReaderName.kind(reader: "Virtual PCD 00 00") == nil)
        #expect(ECPFrame.Use.always(.pn532).kind(reader: "Virtual PCD 00 00") == .pn532)
    }

    @Test func aRefusalIsReportedNotThrownAndASessionStartedIsEnded() {
        let pn532 = RecordingChannel(reader: "ACR122U") { _ in [0x63, 0x00] }
        #expect(ECPFrame.send(pn532, kind: .pn532) == .refused("the reader answered 6300 to ECP"))
        let part3 = RecordingChannel(reader: "ACR1252") { $0[3] == 0x01 ? [0x6A, 0x81] : [0x90, 0x00] }
        #expect(ECPFrame.send(part3, kind: .transparentExchange) == .refused("the reader answered 6A81 to ECP"))
        #expect(part3.sent.last == Self.hex("FF C2 00 00 02 82 00 00"))
        struct Gone: Error {}
        let lifted = RecordingChannel(reader: "ACR122U") { _ in throw Gone() }
        guard case .refused = ECPFrame.send(lifted, kind: .pn532) else { Issue.record("a transmit error is a refusal"); return }
    }
}
