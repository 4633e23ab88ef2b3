import Foundation
import MemberKit
import SecureCards

/// The NFC Forum Type 4 Tag NDEF application (T4T 1.0/2.0, as NTAG 424 DNA holds it): SELECT the
/// application D2760000850101, SELECT and READ the capability container (file E103), SELECT the NDEF
/// file it names (E104 on NTAG 424 DNA) and READ BINARY its length (NLEN) and message. A URI record
/// whose query holds the SUN parameters is checked with `verifier` (a SUN tag proves itself);
/// any other message is read as a Type 2 tag's is (Text records as passes).
public struct Type4NDEFReader: ApplicationReader {
    public static let applicationId: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
    public static let capabilityContainer: [UInt8] = [0xE1, 0x03]
    /// NDEF files beyond this are not read (NTAG 424 DNA's holds 256 bytes).
    public static let maximumNDEFBytes = 4096

    /// nil: no keys are set, and a SUN message is an error saying so.
    public let verifier: SUNVerifier?
    public let names: SUNMessage.ParameterNames

    public init(verifier: SUNVerifier?, names: SUNMessage.ParameterNames = SUNMessage.ParameterNames()) {
        self.verifier = verifier
        self.names = verifier?.names ?? names
    }

    public func read(_ card: any CardChannel, base: CardRead) throws(CardReadError) -> CardRead? {
        guard let message = try Self.readMessage(card) else { return nil }
        var result = base
        result.message = message
        guard let url = message.uris.first(where: { SUNMessage.isSUN(url: $0, names: names) }) else { return result }
        guard let verifier else { throw .sun(.noKeys) }
        let sun: SUNRead
        do { sun = try verifier.verify(url: url) } catch { throw .sun(error) }
        result.secure = SecureTap(uid: HexBytes.string(sun.uid), counter: sun.counter)
        return result
    }

    /// The NDEF message, or nil when the card has no NDEF application (or an empty NDEF file).
    public static func readMessage(_ card: any CardChannel) throws(CardReadError) -> NDEFMessage? {
        do {
            _ = try CardReading.send(card, APDU.select(application: applicationId), "SELECT NDEF application").payload(command: "SELECT NDEF application")
        } catch .status {
            return nil  // not a Type 4 NDEF tag (a DESFire without it, a bank card)
        }
        try select(card, file: capabilityContainer, "SELECT capability container")
        let cc = try readBinary(card, offset: 0, length: 15, "READ BINARY capability container")
        let container: CapabilityContainer
        do { container = try CapabilityContainer(parsing: cc) } catch { throw .ndef(error) }
        do {
            try select(card, file: container.ndefFile, "SELECT NDEF file")
        } catch .status(let command, 0x6A, 0x82) {
            throw .ndef(.badContainer("names NDEF file \(hex(container.ndefFile)), which the tag does not have (\(command))"))
        }
        let nlen = try readBinary(card, offset: 0, length: 2, "READ BINARY NLEN")
        let length = Int(nlen[0]) << 8 | Int(nlen[1])
        if length == 0 { return nil }
        guard length <= container.maximumSize - 2 else {
            throw .ndef(.tlvTooLong(length: length, available: max(0, container.maximumSize - 2)))
        }
        var bytes: [UInt8] = []
        while bytes.count < length {
            let chunk = min(length - bytes.count, container.maximumRead)
            bytes += try readBinary(card, offset: 2 + bytes.count, length: chunk, "READ BINARY NDEF at \(2 + bytes.count)")
        }
        do { return try NDEFMessage(parsing: bytes) } catch { throw .ndef(error) }
    }

    static func select(_ card: any CardChannel, file: [UInt8], _ name: String) throws(CardReadError) {
        _ = try CardReading.send(card, APDU.select(file: file), name).payload(command: name)
    }

    /// Exactly `length` bytes from `offset`, or an error: a short answer is a truncated file.
    static func readBinary(_ card: any CardChannel, offset: Int, length: Int, _ name: String) throws(CardReadError) -> [UInt8] {
        let data = try CardReading.send(card, APDU.readBinary(offset: offset, length: length), name).payload(command: name)
        guard data.count >= length else { throw .truncated(command: name, bytes: data.count + 2) }
        return Array(data.prefix(length))
    }
}

/// A Type 4 tag's capability container: the most a READ BINARY returns (MLe) and the NDEF file
/// control TLV (T = 04): its file id, its size, and its read access (00: free).
public struct CapabilityContainer: Sendable, Equatable {
    public var maximumRead: Int
    public var ndefFile: [UInt8]
    public var maximumSize: Int

    public init(parsing bytes: [UInt8]) throws(NDEFError) {
        guard bytes.count >= 15 else { throw .badContainer("is \(bytes.count) bytes, at least 15 expected") }
        let ccLength = Int(bytes[0]) << 8 | Int(bytes[1])
        guard ccLength >= 15 else { throw .badContainer("says it is \(ccLength) bytes long") }
        guard bytes[2] >> 4 == 2 || bytes[2] >> 4 == 3 else { throw .badContainer(String(format: "has mapping version %02X", bytes[2])) }
        let mle = Int(bytes[3]) << 8 | Int(bytes[4])
        guard bytes[7] == 0x04, bytes[8] == 0x06 else { throw .badContainer("has no NDEF file control TLV") }
        ndefFile = [bytes[9], bytes[10]]
        maximumSize = Int(bytes[11]) << 8 | Int(bytes[12])
        guard maximumSize >= 3 else { throw .badContainer("gives an NDEF file of \(maximumSize) bytes") }
        guard bytes[13] == 0x00 else { throw .badContainer(String(format: "says the NDEF file is not freely readable (%02X)", bytes[13])) }
        guard ![[0x00, 0x00], [0xE1, 0x02], [0xE1, 0x03], [0x3F, 0x00], [0x3F, 0xFF], [0xFF, 0xFF]].contains(ndefFile) else {
            throw .badContainer("names a reserved file id \(hex(ndefFile)) as the NDEF file")
        }
        // MLe of at least 0x0F; reads are also kept within a short APDU's 255.
        maximumRead = min(max(mle, 0x0F), 0xFF)
        maximumSize = min(maximumSize, Type4NDEFReader.maximumNDEFBytes)
    }
}
