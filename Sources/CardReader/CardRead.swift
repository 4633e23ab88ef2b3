import Foundation
import MemberKit
import SecureCards

/// What one presentation yielded: the UID, the NDEF message if the tag holds one, and the
/// credential to check in.
public struct CardRead: Sendable, Equatable {
    public var uid: [UInt8]
    public var atr: ATRInfo?
    public var message: NDEFMessage?
    /// A verified SUN read (NTAG 424 DNA): the card proved itself.
    public var secure: SecureTap?

    public init(uid: [UInt8], atr: ATRInfo? = nil, message: NDEFMessage? = nil, secure: SecureTap? = nil) {
        self.uid = uid
        self.atr = atr
        self.message = message
        self.secure = secure
    }

    /// The first Text record holding a ClubKit pass payload (`payloadNumber|passId|payload|username`).
    public var passPayload: String? {
        message?.texts.first { text in
            text.split(separator: "|", omittingEmptySubsequences: false).count == 4
                && (try? PassIdNormalizer.check(text)) != nil
        }
    }

    /// What the check-in port receives: a verified SUN tag's `SUN:<uid>`, else the pass payload
    /// (the core's normalizer takes passId and username from it), else the UID.
    public var credential: String { secure?.passId ?? passPayload ?? PassIdNormalizer.uid(uid) }
}

/// Reads a presented card: UID through FF CA, then, for an ISO 14443-3A storage card of any
/// name, asks the card whether it is an NFC Forum Type 2 tag (a capability container at
/// page 3) and if so reads its NDEF message through FF B0 page by page; any other card is asked
/// for each of `applications` in turn (the Type 4 NDEF application, SUN included).
public enum CardReading {
    /// The most NDEF bytes read from one tag (NTAG216 holds 888), so a lying capability
    /// container cannot keep us reading.
    public static let maximumNDEFBytes = 1024

    public static func read(_ card: any CardChannel, atr: [UInt8], applications: [any ApplicationReader] = []) throws(CardReadError) -> CardRead {
        let info = try? ATRInfo(parsing: atr)
        let uid = try send(card, APDU.getUID, "GET UID").payload(command: "GET UID")
        guard !uid.isEmpty else { throw .emptyUID }
        var result = CardRead(uid: uid, atr: info)
        if info?.isISO14443_3AStorageCard == true {
            result.message = try readNDEF(card)
            return result
        }
        for application in applications {
            if let read = try application.read(card, base: result) { return read }
        }
        return result
    }

    static func send(_ card: any CardChannel, _ command: [UInt8], _ name: String) throws(CardReadError) -> APDU.Response {
        let bytes: [UInt8]
        do {
            bytes = try card.transmit(command)
        } catch let error as PCSCError {
            // Named by the command; the monitor names the reader.
            throw .transport(PCSCError(code: error.code, operation: name))
        } catch {
            throw .transport(PCSCError(code: PCSCError.internalError, operation: name))
        }
        return try APDU.Response(bytes, command: name)
    }

    static func readPages(_ card: any CardChannel, from page: Int) throws(CardReadError) -> [UInt8] {
        let name = "READ BINARY page \(page)"
        let data = try send(card, APDU.readPages(from: UInt8(page)), name).payload(command: name)
        guard data.count >= 16 else { throw .truncated(command: name, bytes: data.count + 2) }
        return Array(data.prefix(16))
    }

    /// Capability container at page 3, then TLVs from page 4 until the NDEF TLV is whole.
    /// A card that refuses the READ (a MIFARE Classic, say) or has no container holds no
    /// NDEF: nil, and its UID is the credential. A card gone mid-read is still an error.
    static func readNDEF(_ card: any CardChannel) throws(CardReadError) -> NDEFMessage? {
        let first: [UInt8]
        do {
            first = try readPages(card, from: 3)
        } catch .status {
            return nil
        }
        // E1 = NDEF formatted; byte 2 is the data area size in 8-byte units.
        guard first[0] == 0xE1 else { return nil }
        let areaSize = min(Int(first[2]) * 8, maximumNDEFBytes)
        var area = Array(first[4...])
        var page = 7
        while true {
            let scan: NDEFTLV.Scan
            do { scan = try NDEFTLV.scan(area, areaSize: areaSize) } catch { throw .ndef(error) }
            switch scan {
            case .noMessage:
                return nil
            case .message(let bytes):
                do { return try NDEFMessage(parsing: bytes) } catch { throw .ndef(error) }
            case .needMore:
                guard page <= 0xFF else { throw .ndef(.truncatedTLV(offset: area.count)) }
                area += try readPages(card, from: page)
                page += 4
            }
        }
    }
}
