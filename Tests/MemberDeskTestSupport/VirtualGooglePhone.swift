import Crypto
import _CryptoExtras
import Foundation
import Synchronization
import WalletReading

/// An Android phone held to the virtual reader: a random `08…` UID at every tap, and Google
/// Wallet's Smart Tap 2.1 as Google's sample app expects it. The phone's side is written here from
/// the protocol, apart from the reader's: it checks the reader's signature with the collector's
/// registered public key, makes its own ephemeral key, derives the session keys and encrypts and
/// MACs the pass's service object. Long answers come in parts (91 00, then GET MORE DATA).
public final class VirtualGooglePhone: Sendable {
    /// One pass in the phone's Google Wallet, for one collector.
    public struct GooglePass: Sendable {
        public var collectorId: UInt32
        /// The pass's `smartTapRedemptionValue`: the pass id.
        public var redemptionValue: String
        /// The collector's public key as registered with Google, and its version.
        public var collectorKey: P256.Signing.PublicKey
        public var keyVersion: UInt32
        /// How the service object's `n` record carries the redemption value.
        public var number: ServiceNumber

        public init(collectorId: UInt32, redemptionValue: String, collectorKey: P256.Signing.PublicKey, keyVersion: UInt32 = 1,
                    number: ServiceNumber = .text(language: "")) {
            self.collectorId = collectorId
            self.redemptionValue = redemptionValue
            self.collectorKey = collectorKey
            self.keyVersion = keyVersion
            self.number = number
        }
    }

    /// Smart Tap's two forms of a service number.
    public enum ServiceNumber: Sendable {
        /// RTD_TEXT: a well-known `T` record with id `n`, an NFC Forum Text payload (status byte
        /// with the language code's length, the code, UTF-8 text). Google Wallet sends "en".
        case text(language: String)
        /// PRIMITIVE: an external `n` record, a format byte (00 unspecified, 02 UTF-8 …) and the value.
        case primitive(format: UInt8)

        func record(_ value: String) -> SmartTapRecord {
            switch self {
            case .text(let language):
                SmartTapRecord(tnf: 1, type: Array("T".utf8), id: Array("n".utf8),
                               payload: [UInt8(language.utf8.count)] + Array(language.utf8) + Array(value.utf8))
            case .primitive(let format):
                SmartTapRecord(tnf: 4, type: Array("n".utf8), id: [], payload: [format] + Array(value.utf8))
            }
        }
    }

    public enum Mode: Sendable {
        case present
        /// Two passes could answer: the phone shows a picker (93 02).
        case picker
        /// Answers GET DATA with this recorded answer (a replay).
        case replay([UInt8])
        /// Leaves the field after NEGOTIATE: GET DATA gets no answer.
        case liftedBeforeGetData
        /// Leaves the field after the first part of GET DATA's answer.
        case liftedMidAnswer
        /// Checks the reader's signature but goes on when it fails: for a bench's bare client that
        /// sends the APDUs of an earlier tap (signed over that tap's nonce), so that the phone's side
        /// costs the same as for a reader that signs anew.
        case ignoresFailedSignature
    }

    /// Parts of this many bytes at most: every pass answer needs GET MORE DATA.
    static let partCount = 64

    public let passes: [GooglePass]
    private let state: Mutex<State>

    private struct State {
        var mode: Mode
        var uid: [UInt8] = []
        var nonce: [UInt8] = []
        var session: Session?
        var pending: [UInt8] = []
        var partsServed = 0
        var sent: [[UInt8]] = []
        var received: [[UInt8]] = []
    }

    /// What the phone keeps between NEGOTIATE and GET DATA.
    private struct Session {
        var id: [UInt8]
        var sequence: UInt8
        var pass: GooglePass
        var encryption: SymmetricKey
        var authentication: SymmetricKey
    }

    public init(passes: [GooglePass] = [], mode: Mode = .present) {
        self.passes = passes
        state = Mutex(State(mode: mode))
    }

    public func set(mode: Mode) { state.withLock { $0.mode = mode } }

    /// Every whole GET DATA answer the phone sent, in order (to replay one).
    public var answersSent: [[UInt8]] { state.withLock { $0.sent } }

    public var uid: [UInt8] { state.withLock { $0.uid } }

    /// Every command APDU the phone was sent, in order.
    public var received: [[UInt8]] { state.withLock { $0.received } }

    public func card(port: UInt16 = VirtualCard.defaultPort) -> VirtualCard {
        let uid: [UInt8] = [0x08] + (0..<3).map { _ in UInt8.random(in: 0...255) }
        state.withLock { $0 = State(mode: $0.mode, uid: uid, sent: $0.sent, received: $0.received) }
        return VirtualCard(.scripted(atr: VirtualPhone.atr, respond: { [self] in respond(to: $0) }), port: port)
    }

    private static let ok: [UInt8] = [0x90, 0x00]
    static let oseSelect: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x0A] + Array("OSE.VAS.01".utf8) + [0x00]
    static let smartTapSelect: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x09, 0xA0, 0x00, 0x00, 0x04, 0x76, 0xD0, 0x00, 0x01, 0x11, 0x00]

    func respond(to apdu: [UInt8]) -> [UInt8]? {
        state.withLock { $0.received.append(apdu) }
        if apdu.starts(with: [0xFF, 0xCA, 0x00, 0x00]) { return uid + Self.ok }
        if apdu.starts(with: [0xFF, 0x00]) { return Self.ok }
        if apdu == Self.oseSelect {
            let label = BERTLV(tag: 0x50, value: Array("AndroidPay".utf8)).encoded
            let entry = BERTLV(tag: 0x61, value: BERTLV(tag: 0x4F, value: Array(Self.smartTapSelect[5..<14])).encoded
                + BERTLV(tag: 0x87, value: [0x01]).encoded)
            let fci = BERTLV(tag: 0x6F, value: label + BERTLV(tag: 0xC0, value: [0x00, 0x01]).encoded
                + BERTLV(tag: 0xC1, value: [0x0C, 0, 0, 0, 0, 0, 0x80, 0x80]).encoded
                + BERTLV(tag: 0xA5, value: BERTLV(tag: 0xBF0C, value: entry.encoded).encoded).encoded)
            return fci.encoded + Self.ok
        }
        if apdu == Self.smartTapSelect {
            let nonce = Self.random(32)
            state.withLock { $0.nonce = nonce; $0.session = nil }
            let mdn = SmartTapRecord(tnf: 4, type: Array("mdn".utf8), id: Array("mdn".utf8), payload: [0x04] + nonce)
            return [0x00, 0x00, 0x00, 0x01] + SmartTapRecord.encode([mdn]) + Self.ok
        }
        if apdu.starts(with: [0x90, 0x53]) { return negotiate(body(of: apdu)) }
        if apdu.starts(with: [0x90, 0x50]) { return getData(body(of: apdu)) }
        if apdu.starts(with: [0x90, 0xC0]) { return nextPart() }
        return [0x6D, 0x00]
    }

    private func body(of apdu: [UInt8]) -> [UInt8] {
        guard apdu.count > 5 else { return [] }
        return Array(apdu[5..<min(apdu.count, 5 + Int(apdu[4]))])
    }

    /// Checks the reader's signature; answers with the phone's ephemeral key.
    private func negotiate(_ body: [UInt8]) -> [UInt8] {
        guard let request = try? SmartTapRecord.parse(body).first(where: { $0.type == Array("ngr".utf8) }),
              request.payload.count > 2, let inner = try? SmartTapRecord.parse(Array(request.payload.dropFirst(2))),
              let ses = inner.first(where: { $0.type == Array("ses".utf8) }), ses.payload.count == 10,
              let cpr = inner.first(where: { $0.type == Array("cpr".utf8) }), cpr.payload.count > 70,
              let signed = try? SmartTapRecord.parse(Array(cpr.payload.dropFirst(70))),
              let sig = signed.first(where: { $0.type == Array("sig".utf8) }), sig.payload.count > 1,
              let cld = signed.first(where: { $0.type == Array("cld".utf8) }), cld.payload.count == 5
        else { return [0x6A, 0x80] }
        let readerNonce = Array(cpr.payload[0..<32]), readerKey = Array(cpr.payload[33..<66])
        let keyVersion = cpr.payload[66..<70].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let collector = cld.payload[1...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let derSignature = Array(sig.payload.dropFirst())
        guard let pass = passes.first(where: { $0.collectorId == collector }) else { return [0x90, 0x01] }
        let phoneNonce = state.withLock { $0.nonce }
        let signedBytes = readerNonce + phoneNonce + Array(cld.payload[1...]) + readerKey
        let ignoresFailedSignature = state.withLock { if case .ignoresFailedSignature = $0.mode { true } else { false } }
        guard keyVersion == pass.keyVersion,
              let signature = try? P256.Signing.ECDSASignature(derRepresentation: derSignature),
              pass.collectorKey.isValidSignature(signature, for: signedBytes) || ignoresFailedSignature,
              let readerPublic = try? P256.KeyAgreement.PublicKey(compressedRepresentation: readerKey)
        else { return [0x95, 0x00] }
        let ephemeral = P256.KeyAgreement.PrivateKey()
        let phoneKey = Array(ephemeral.publicKey.compressedRepresentation)
        guard let secret = try? ephemeral.sharedSecretFromKeyAgreement(with: readerPublic) else { return [0x6F, 0x00] }
        // HKDF-SHA256: salt the phone's compressed key, info the signed bytes and the DER signature.
        let keys = secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: phoneKey, sharedInfo: signedBytes + derSignature,
                                                  outputByteCount: 48).withUnsafeBytes { Array($0) }
        let sequence = ses.payload[8] &+ 1
        state.withLock {
            $0.session = Session(id: Array(ses.payload.prefix(8)), sequence: sequence, pass: pass,
                                 encryption: SymmetricKey(data: keys[0..<16]), authentication: SymmetricKey(data: keys[16..<48]))
        }
        let answer = SmartTapRecord(tnf: 4, type: Array("nrs".utf8), id: [], payload: SmartTapRecord.encode([
            SmartTapRecord(tnf: 4, type: Array("ses".utf8), id: [], payload: Array(ses.payload.prefix(8)) + [sequence, 0x01]),
            SmartTapRecord(tnf: 4, type: Array("dpk".utf8), id: [], payload: phoneKey),
        ]))
        return SmartTapRecord.encode([answer]) + Self.ok
    }

    /// Encrypts and MACs the pass's service object; answers in parts.
    private func getData(_ body: [UInt8]) -> [UInt8]? {
        let (mode, session) = state.withLock { ($0.mode, $0.session) }
        if case .liftedBeforeGetData = mode { return nil }
        guard let session else { return [0x69, 0x85] }
        guard let request = try? SmartTapRecord.parse(body).first(where: { $0.type == Array("srq".utf8) }),
              request.payload.count > 2, let inner = try? SmartTapRecord.parse(Array(request.payload.dropFirst(2))),
              let ses = inner.first(where: { $0.type == Array("ses".utf8) }), ses.payload.prefix(8).elementsEqual(session.id),
              let merchant = inner.first(where: { $0.type == Array("mer".utf8) }),
              (try? SmartTapRecord.parse(merchant.payload))?.contains(where: { $0.type == Array("cld".utf8) }) == true
        else { return [0x6A, 0x80] }
        let answer: [UInt8]
        switch mode {
        case .picker: return [0x93, 0x02]
        case .replay(let recorded): answer = recorded
        default: answer = Self.serviceResponse(session: session)
        }
        state.withLock { $0.sent.append(answer); $0.pending = answer; $0.partsServed = 0 }
        return nextPart()
    }

    private func nextPart() -> [UInt8]? {
        state.withLock { state -> [UInt8]? in
            if case .liftedMidAnswer = state.mode, state.partsServed > 0 { return nil }
            let part = Array(state.pending.prefix(Self.partCount))
            state.pending.removeFirst(part.count)
            state.partsServed += 1
            return part + (state.pending.isEmpty ? Self.ok : [0x91, 0x00])
        }
    }

    /// `srs` { `ses`, `reb` (00 ‖ IV ‖ AES-128-CTR ciphertext ‖ HMAC-SHA256 over IV and ciphertext) },
    /// the plaintext `asv` { `i`, `ly` { `n`: the redemption value in the pass's form } }.
    private static func serviceResponse(session: Session) -> [UInt8] {
        let number = session.pass.number.record(session.pass.redemptionValue)
        let object = SmartTapRecord(tnf: 4, type: Array("ly".utf8), id: [], payload: SmartTapRecord.encode([number]))
        let issuer = SmartTapRecord(tnf: 4, type: Array("i".utf8), id: [], payload: [0x04] + random(5))
        let plaintext = SmartTapRecord.encode([SmartTapRecord(tnf: 4, type: Array("asv".utf8), id: [],
                                                              payload: SmartTapRecord.encode([issuer, object]))])
        let iv = random(12)
        let ciphertext = Array(try! AES._CTR.encrypt(plaintext, using: session.encryption, nonce: AES._CTR.Nonce(nonceBytes: iv)))
        let mac = Array(HMAC<SHA256>.authenticationCode(for: iv + ciphertext, using: session.authentication))
        let bundle = SmartTapRecord(tnf: 4, type: Array("reb".utf8), id: [], payload: [0x00] + iv + ciphertext + mac)
        let ses = SmartTapRecord(tnf: 4, type: Array("ses".utf8), id: [], payload: session.id + [session.sequence &+ 1, 0x01])
        return SmartTapRecord.encode([SmartTapRecord(tnf: 4, type: Array("srs".utf8), id: [], payload: SmartTapRecord.encode([ses, bundle]))])
    }

    static func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255) } }
}
