/// Google's Smart Tap 2.1 as a reader speaks it: the commands and what their answers mean.
/// Described by Google's `smart-tap-sample-app` and kormax's `google-smart-tap`; the byte layout
/// is in docs/card-reading.md. Every command after the SELECTs carries nested NDEF records.
public enum SmartTapProtocol {
    /// Smart Tap 2's application id.
    public static let applicationId: [UInt8] = [0xA0, 0x00, 0x00, 0x04, 0x76, 0xD0, 0x00, 0x01, 0x11]

    public static let select: [UInt8] = [0x00, 0xA4, 0x04, 0x00, UInt8(applicationId.count)] + applicationId + [0x00]

    /// GET MORE DATA: the next part of an answer whose status was 91 00.
    public static let getMoreData: [UInt8] = [0x90, 0xC0, 0x00, 0x00, 0x00]

    /// Smart Tap version 2.1 is protocol version 00 01 in `ngr` and `srq`.
    static let version: [UInt8] = [0x00, 0x01]
    /// The data format byte before binary payloads (`sig`, `cld`, `mdn`).
    static let binary: UInt8 = 0x04

    /// Whether SELECT OSE.VAS.01's answer (data, status word removed) names Google's wallet.
    public static func isAndroidPay(oseAnswer data: [UInt8]) -> Bool {
        guard let elements = try? BERTLV.parse(data), let label = try? BERTLV.find(0x50, in: elements) else { return false }
        return label.value == Array("AndroidPay".utf8)
    }

    /// SELECT Smart Tap's answer: minimum and maximum version, then an NDEF message whose `mdn`
    /// record holds the phone's 32-byte nonce (after its format byte).
    public struct SelectAnswer: Sendable, Equatable {
        public var minimumVersion: UInt16
        public var maximumVersion: UInt16
        public var phoneNonce: [UInt8]
    }

    public static func parseSelect(_ data: [UInt8]) throws(WalletReadingError) -> SelectAnswer {
        guard data.count > 4 else { throw .malformedAnswer("SELECT Smart Tap: \(data.count) bytes, no versions and nonce") }
        let nonce = try SmartTapRecord.first("mdn", in: SmartTapRecord.parse(Array(data[4...])), of: "SELECT Smart Tap").payload
        guard nonce.count == 33 else { throw .malformedAnswer("SELECT Smart Tap: the phone's nonce has \(max(0, nonce.count - 1)) bytes, not 32") }
        return SelectAnswer(minimumVersion: UInt16(data[0]) << 8 | UInt16(data[1]),
                            maximumVersion: UInt16(data[2]) << 8 | UInt16(data[3]), phoneNonce: Array(nonce.dropFirst()))
    }

    /// `ses`: the session id (8 bytes), the sequence number, and status 01 (OK).
    static func session(_ id: [UInt8], sequence: UInt8) -> SmartTapRecord { SmartTapRecord("ses", payload: id + [sequence, 0x01]) }

    /// `cld`: the collector id, 4 bytes big-endian after the format byte.
    static func collector(_ id: UInt32) -> SmartTapRecord { SmartTapRecord("cld", payload: [binary] + bigEndian(id)) }

    /// NEGOTIATE SECURE SESSION: `ngr` { version, `ses`, `cpr` { reader nonce, live auth 01, the
    /// reader's compressed ephemeral key, the key version, { `sig` (DER), `cld` } } }.
    public static func negotiate(sessionId: [UInt8], readerNonce: [UInt8], readerKey: [UInt8], keyVersion: UInt32,
                                 signature: [UInt8], collectorId: UInt32) -> [UInt8] {
        let signed = SmartTapRecord.encode([SmartTapRecord("sig", payload: [binary] + signature), collector(collectorId)])
        let parameters = SmartTapRecord("cpr", payload: readerNonce + [0x01] + readerKey + bigEndian(keyVersion) + signed)
        let request = SmartTapRecord("ngr", payload: version + SmartTapRecord.encode([session(sessionId, sequence: 1), parameters]))
        return command(0x53, SmartTapRecord.encode([request]))
    }

    /// NEGOTIATE's answer: `nrs` { `ses`, `dpk` (the phone's compressed ephemeral key) }.
    public struct NegotiateAnswer: Sendable, Equatable {
        public var sessionId: [UInt8]
        public var sequence: UInt8
        public var phoneKey: [UInt8]
    }

    public static func parseNegotiate(_ data: [UInt8]) throws(WalletReadingError) -> NegotiateAnswer {
        let what = "NEGOTIATE SECURE SESSION"
        let inner = try SmartTapRecord.first("nrs", in: SmartTapRecord.parse(data), of: what).nested()
        let session = try SmartTapRecord.first("ses", in: inner, of: what).payload
        guard session.count == 10 else { throw .malformedAnswer("\(what): a session record of \(session.count) bytes, not 10") }
        let key = try SmartTapRecord.first("dpk", in: inner, of: what).payload
        guard key.count == 33, key[0] == 0x02 || key[0] == 0x03 else {
            throw .malformedAnswer("\(what): the phone's key is not a compressed P-256 point (\(key.count) bytes)")
        }
        return NegotiateAnswer(sessionId: Array(session.prefix(8)), sequence: session[8], phoneKey: key)
    }

    /// GET DATA: `srq` { version, `ses`, `mer` { `cld` }, `slr` { `str` 00: every kind of pass },
    /// `pcr` (stand-alone, no zlib; pass only) }.
    public static func getData(sessionId: [UInt8], sequence: UInt8, collectorId: UInt32) -> [UInt8] {
        let merchant = SmartTapRecord("mer", payload: SmartTapRecord.encode([collector(collectorId)]))
        let services = SmartTapRecord("slr", payload: SmartTapRecord.encode([SmartTapRecord("str", payload: [0x00])]))
        let capabilities = SmartTapRecord("pcr", payload: [0x01, 0x00, 0x00, 0x00, 0x01])
        let request = SmartTapRecord("srq", payload: version + SmartTapRecord.encode([session(sessionId, sequence: sequence),
                                                                                      merchant, services, capabilities]))
        return command(0x50, SmartTapRecord.encode([request]))
    }

    /// The encrypted record bundle in GET DATA's whole answer (its parts joined): `srs` { `ses`, `reb` }.
    public static func recordBundle(inGetDataAnswer data: [UInt8]) throws(WalletReadingError) -> [UInt8] {
        let inner = try SmartTapRecord.first("srs", in: SmartTapRecord.parse(data), of: "GET DATA").nested()
        return try SmartTapRecord.first("reb", in: inner, of: "GET DATA").payload
    }

    /// What a status word of NEGOTIATE or GET DATA means.
    public enum Status: Sendable, Equatable {
        case done
        /// 91 00: more of the answer follows; ask with GET MORE DATA.
        case moreData
        /// 90 01: no pass of ours on the phone.
        case noPass
        /// 93 02: more than one pass could answer; the phone shows a picker and wants another tap.
        case choosePass
        /// 95 00: the phone did not accept our signature: the collector id, key or key version is wrong.
        case readerRejected
        case other(UInt8, UInt8)

        public init(sw1: UInt8, sw2: UInt8) {
            switch (sw1, sw2) {
            case (0x90, 0x00): self = .done
            case (0x91, 0x00): self = .moreData
            case (0x90, 0x01): self = .noPass
            case (0x93, 0x02): self = .choosePass
            case (0x95, 0x00): self = .readerRejected
            default: self = .other(sw1, sw2)
            }
        }
    }

    static func command(_ instruction: UInt8, _ body: [UInt8]) -> [UInt8] {
        precondition(body.count < 0x100, "a Smart Tap command body of \(body.count) bytes needs extended length")
        return [0x90, instruction, 0x00, 0x00, UInt8(body.count)] + body + [0x00]
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
