import Crypto
import Foundation
import Synchronization
import WalletReading

/// A phone held to the virtual reader: a random `08…` UID at every tap, and Apple Wallet's VAS
/// application holding the passes a test gives it. It makes real cryptograms for the reader key
/// the test names (the phone side of `VASCryptogram`), so the desk decrypts what a phone would send.
public final class VirtualPhone: Sendable {
    /// One pass in the phone's Wallet.
    public struct ApplePass: Sendable {
        public var passTypeId: String
        /// The pass's `nfc.message`: the pass id.
        public var message: String
        /// The reader key the pass was made for (its `encryptionPublicKey`).
        public var readerKey: P256.KeyAgreement.PublicKey

        public init(passTypeId: String, message: String, readerKey: P256.KeyAgreement.PublicKey) {
            self.passTypeId = passTypeId
            self.message = message
            self.readerKey = readerKey
        }
    }

    /// What the phone does with GET VAS DATA for a pass it holds.
    public enum Mode: Sendable {
        /// Answers with a fresh cryptogram, timed by `clock` plus `timeOffset`.
        case present
        /// Wants its holder to confirm first (a locked phone): 62 87.
        case locked
        /// Sends this recorded cryptogram (a replay).
        case replay([UInt8])
    }

    /// A phone's ATR as ACR122U-class readers report it: ISO 14443-4 A, no historical bytes.
    public static let atr: [UInt8] = VirtualCard.withTCK([0x3B, 0x80, 0x80, 0x01])

    public let passes: [ApplePass]
    public let hasWallet: Bool
    private let state: Mutex<State>

    private struct State {
        var mode: Mode
        var timeOffset: TimeInterval
        var sent: [[UInt8]] = []
        var uid: [UInt8] = []
        var received: [[UInt8]] = []
        var refusesECP = false
    }

    /// `hasWallet` false: a phone (or watch) with no VAS application at all, only its random UID.
    public init(passes: [ApplePass] = [], hasWallet: Bool = true, mode: Mode = .present, timeOffset: TimeInterval = 0) {
        self.passes = passes
        self.hasWallet = hasWallet
        state = Mutex(State(mode: mode, timeOffset: timeOffset))
    }

    public func set(mode: Mode) { state.withLock { $0.mode = mode } }

    /// The reader's pass-through answers 63 00 to the direct transmit that carries ECP (a reader
    /// without it, or a PN532 that timed out).
    public func set(refusesECP: Bool) { state.withLock { $0.refusesECP = refusesECP } }

    /// Every command APDU the phone (and the reader's pass-through) was sent, in order.
    public var received: [[UInt8]] { state.withLock { $0.received } }

    /// Every cryptogram the phone sent, in order.
    public var cryptogramsSent: [[UInt8]] { state.withLock { $0.sent } }

    /// A new card on vpcd for one tap, with a new random UID (as a phone makes at each tap).
    public func card(port: UInt16 = VirtualCard.defaultPort) -> VirtualCard {
        let uid: [UInt8] = [0x08] + (0..<3).map { _ in UInt8.random(in: 0...255) }
        state.withLock { $0.uid = uid }
        return VirtualCard(.scripted(atr: Self.atr, respond: { [self] in respond(to: $0) }), port: port)
    }

    /// The UID of the latest tap.
    public var uid: [UInt8] { state.withLock { $0.uid } }

    private static let ok: [UInt8] = [0x90, 0x00]

    func respond(to apdu: [UInt8]) -> [UInt8]? {
        let refusesECP = state.withLock { state in
            state.received.append(apdu)
            return state.refusesECP
        }
        if apdu.starts(with: [0xFF, 0x00, 0x00, 0x00]), refusesECP { return [0x63, 0x00] }
        if apdu.starts(with: [0xFF, 0xCA, 0x00, 0x00]) { return uid + Self.ok }
        if apdu.starts(with: [0xFF, 0x00]) { return Self.ok }
        if apdu == VASProtocol.select {
            guard hasWallet else { return [0x6A, 0x82] }
            let answer = BERTLV(tag: 0x6F, value: BERTLV(tag: 0x50, value: Array("ApplePay".utf8)).encoded
                + BERTLV(tag: 0x9F21, value: [0x01, 0x00]).encoded
                + BERTLV(tag: 0x9F24, value: (0..<4).map { _ in UInt8.random(in: 0...255) }).encoded
                + BERTLV(tag: 0x9F23, value: [0x00, 0x00, 0x00, 0x3E]).encoded)
            return answer.encoded + Self.ok
        }
        if apdu.starts(with: [0x80, 0xCA, 0x01]), hasWallet {
            guard apdu.count > 5, let body = try? BERTLV.parse(Array(apdu[5..<min(apdu.count, 5 + Int(apdu[4]))])),
                  let hash = body.first(where: { $0.tag == 0x9F25 })?.value else { return [0x6A, 0x80] }
            guard let pass = passes.first(where: { VASProtocol.passTypeIdHash($0.passTypeId) == hash }) else { return [0x6A, 0x83] }
            let (mode, offset) = state.withLock { ($0.mode, $0.timeOffset) }
            let cryptogram: [UInt8]
            switch mode {
            case .locked: return [0x62, 0x87]
            case .replay(let recorded): cryptogram = recorded
            case .present:
                cryptogram = Self.seal(message: pass.message, time: Date().addingTimeInterval(offset),
                                       passTypeId: pass.passTypeId, readerKey: pass.readerKey)
            }
            state.withLock { $0.sent.append(cryptogram) }
            let answer = BERTLV(tag: 0x70, value: BERTLV(tag: 0x9F2A, value: []).encoded + BERTLV(tag: 0x9F27, value: cryptogram).encoded)
            return answer.encoded + Self.ok
        }
        return [0x6D, 0x00]
    }

    /// The phone's side of a VAS cryptogram: an ephemeral key, ECDH with the reader's key, X9.63,
    /// AES-256-GCM with a zero 16-byte IV over the time since 2001 and the message.
    public static func seal(message: String, time: Date, passTypeId: String, readerKey: P256.KeyAgreement.PublicKey) -> [UInt8] {
        let ephemeral = P256.KeyAgreement.PrivateKey()
        let secret = try! ephemeral.sharedSecretFromKeyAgreement(with: readerKey)
        let key = secret.x963DerivedSymmetricKey(using: SHA256.self, sharedInfo: VASCryptogram.sharedInfo(passTypeId: passTypeId),
                                                 outputByteCount: 32)
        let seconds = UInt32(max(0, time.timeIntervalSince(VASCryptogram.epoch)))
        let plaintext = [UInt8(seconds >> 24), UInt8(seconds >> 16 & 0xFF), UInt8(seconds >> 8 & 0xFF), UInt8(seconds & 0xFF)]
            + Array(message.utf8)
        let box = try! AES.GCM.seal(plaintext, using: key, nonce: AES.GCM.Nonce(data: [UInt8](repeating: 0, count: 16)))
        return VASCryptogram.keyId(of: readerKey) + Array(ephemeral.publicKey.rawRepresentation.prefix(32))
            + Array(box.ciphertext) + Array(box.tag)
    }
}
