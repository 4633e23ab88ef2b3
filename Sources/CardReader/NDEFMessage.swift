import Foundation
import WalletReading

/// Why NDEF bytes could not be understood. Messages name the offset, so a bad tag can be found.
public enum NDEFError: Error, Sendable, Equatable, CustomStringConvertible {
    case truncatedTLV(offset: Int)
    case tlvTooLong(length: Int, available: Int)
    case truncatedRecord(offset: Int)
    case chunkedRecord(offset: Int)
    case emptyMessage
    case badText(String)
    case badURI(String)
    /// A Type 4 tag's capability container that cannot be right.
    case badContainer(String)

    public var description: String {
        switch self {
        case .truncatedTLV(let offset): return "TLV cut short at byte \(offset)"
        case .tlvTooLong(let length, let available):
            return "NDEF TLV says \(length) bytes but the tag holds \(available)"
        case .truncatedRecord(let offset): return "NDEF record cut short at byte \(offset)"
        case .chunkedRecord(let offset): return "chunked NDEF record at byte \(offset) is not supported"
        case .emptyMessage: return "NDEF message has no records"
        case .badText(let why): return "Text record: \(why)"
        case .badURI(let why): return "URI record: \(why)"
        case .badContainer(let why): return "the capability container \(why)"
        }
    }
}

/// One NDEF record, as stored.
public struct NDEFRecord: Sendable, Equatable {
    public enum TypeNameFormat: UInt8, Sendable {
        case empty = 0, wellKnown, media, absoluteURI, external, unknown, unchanged, reserved
    }

    public var tnf: TypeNameFormat
    public var type: [UInt8]
    public var id: [UInt8]
    public var payload: [UInt8]

    public init(tnf: TypeNameFormat, type: [UInt8], id: [UInt8] = [], payload: [UInt8]) {
        self.tnf = tnf
        self.type = type
        self.id = id
        self.payload = payload
    }

    public var isText: Bool { tnf == .wellKnown && type == [0x54] }
    public var isURI: Bool { tnf == .wellKnown && type == [0x55] }

    /// A Text record's language and text (NFC Forum RTD-Text; `NFCTextPayload` reads it).
    public func text() throws(NDEFError) -> (language: String, text: String) {
        guard isText else { throw .badText("not a Text record") }
        do {
            return try NFCTextPayload.decode(payload)
        } catch {
            throw .badText(error.reason)
        }
    }

    /// A URI record's full URI, its abbreviation expanded (NFC Forum RTD-URI).
    public func uri() throws(NDEFError) -> String {
        guard isURI else { throw .badURI("not a URI record") }
        guard let code = payload.first else { throw .badURI("empty payload") }
        guard Int(code) < Self.uriPrefixes.count else { throw .badURI("unknown prefix code \(code)") }
        guard let rest = String(validating: payload.dropFirst(), as: UTF8.self) else {
            throw .badURI("not valid UTF-8")
        }
        return Self.uriPrefixes[Int(code)] + rest
    }

    static let uriPrefixes = [
        "", "http://www.", "https://www.", "http://", "https://", "tel:", "mailto:", "ftp://anonymous:anonymous@",
        "ftp://ftp.", "ftps://", "sftp://", "smb://", "nfs://", "ftp://", "dav://", "news:", "telnet://", "imap:",
        "rtsp://", "urn:", "pop:", "sip:", "sips:", "tftp:", "btspp://", "btl2cap://", "btgoep://", "tcpobex://",
        "irdaobex://", "file://", "urn:epc:id:", "urn:epc:tag:", "urn:epc:pat:", "urn:epc:raw:", "urn:epc:",
        "urn:nfc:",
    ]
}

/// An NDEF message: its records in order.
public struct NDEFMessage: Sendable, Equatable {
    public var records: [NDEFRecord]

    public init(records: [NDEFRecord]) { self.records = records }

    /// Parses the bytes of an NDEF TLV's value. Every length is checked against what is left.
    public init(parsing bytes: [UInt8]) throws(NDEFError) {
        var records: [NDEFRecord] = []
        var offset = 0
        while offset < bytes.count {
            let start = offset
            let header = bytes[offset]
            offset += 1
            if header & 0x20 != 0 { throw .chunkedRecord(offset: start) }
            let shortRecord = header & 0x10 != 0
            let hasID = header & 0x08 != 0
            func take(_ count: Int) throws(NDEFError) -> ArraySlice<UInt8> {
                guard count >= 0, count <= bytes.count - offset else { throw .truncatedRecord(offset: start) }
                defer { offset += count }
                return bytes[offset..<(offset + count)]
            }
            let typeLength = Int(try take(1).first!)
            let payloadLength = try take(shortRecord ? 1 : 4).reduce(0) { $0 << 8 | Int($1) }
            let idLength = hasID ? Int(try take(1).first!) : 0
            let type = Array(try take(typeLength))
            let id = Array(try take(idLength))
            let payload = Array(try take(payloadLength))
            records.append(NDEFRecord(tnf: NDEFRecord.TypeNameFormat(rawValue: header & 0x07)!, type: type, id: id,
                                      payload: payload))
            if header & 0x40 != 0 { break }
        }
        guard !records.isEmpty else { throw .emptyMessage }
        self.records = records
    }

    /// The text of every Text record that decodes.
    public var texts: [String] { records.compactMap { try? $0.text().text } }
    public var uris: [String] { records.compactMap { try? $0.uri() } }
}
