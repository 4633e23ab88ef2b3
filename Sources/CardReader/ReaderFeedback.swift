import Foundation

/// Beep and LED after a tap, on readers that take ACR122U-class pseudo-APDUs
/// (`FF 00 40 P2 04 T1 T2 repeats buzzer`). Other readers get nothing, silently.
public enum ReaderFeedback {
    public enum Signal: Sendable { case accepted, refused }

    /// Readers known to take `FF 00 40`: the ACR122U family (and the ACR1222 that copies it).
    public static func supports(reader: String) -> Bool {
        let name = reader.uppercased()
        return name.contains("ACR122") || name.contains("ACR1222")
    }

    /// Accepted: green blink with one short beep (100 ms). Refused: red blink with one long beep (1 s).
    public static func command(_ signal: Signal) -> [UInt8] {
        switch signal {
        case .accepted: return [0xFF, 0x00, 0x40, 0x2E, 0x04, 0x01, 0x00, 0x01, 0x01]
        case .refused: return [0xFF, 0x00, 0x40, 0x5D, 0x04, 0x0A, 0x01, 0x01, 0x01]
        }
    }

    /// Sends the signal if the reader takes it; feedback never turns a check-in into an error.
    public static func send(_ signal: Signal, to card: any CardChannel) {
        guard supports(reader: card.reader) else { return }
        _ = try? card.transmit(command(signal))
    }
}
