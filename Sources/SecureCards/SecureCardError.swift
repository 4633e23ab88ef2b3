import Foundation

/// Why a SUN message or a secure exchange was refused. Each says what a person needs to know.
public enum SecureCardError: Error, Sendable, Equatable, CustomStringConvertible {
    case wrongLength(String, expected: Int, got: Int)
    case notHex(String)
    case missingParameter(String)
    case wrongTag(UInt8)
    case macMismatch
    case crypto(String)
    case badKeyFile(String, String)
    case noKeys
    case protocolError(String)

    public var description: String {
        switch self {
        case .wrongLength(let what, let expected, let got): return "\(what) has \(got) bytes, expected \(expected)"
        case .notHex(let what): return "\(what) is not hex"
        case .missingParameter(let name): return "the URL has no \(name) parameter"
        case .wrongTag(let tag): return String(format: "PICC data tag byte is %02X, expected C7 (wrong key or not a SUN tag)", tag)
        case .macMismatch: return "the CMAC does not verify (a forged or copied card, or the wrong keys)"
        case .crypto(let why): return "crypto error: \(why)"
        case .badKeyFile(let path, let why): return "key file \(path): \(why)"
        case .noKeys: return "a SUN card, but no keys are set (cards.sun_master_key_file, or sun_meta_key_file and sun_file_key_file)"
        case .protocolError(let why): return why
        }
    }
}

/// Hex for keys and parameters: uppercase, no separators; parsing takes either case.
public enum HexBytes {
    public static func parse(_ text: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    public static func string(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}
