import MemberKit
import WalletReading

/// How the reader reads phones' passes: Apple's VAS when `[wallet.apple]` is set up, Google's
/// Smart Tap when `[wallet.google]` is. Both nil: a phone is only told apart by its random UID.
public struct WalletReaders: Sendable {
    public var apple: VASSetup?
    public var google: SmartTapSetup?
    /// Apple's enhanced contactless polling frame before the VAS exchange (`reader.ecp`).
    public var ecp: ECPFrame.Use

    public init(apple: VASSetup? = nil, google: SmartTapSetup? = nil, ecp: ECPFrame.Use = .off) {
        self.apple = apple
        self.google = google
        self.ecp = ecp
    }

    /// What a presentation gives the check-in port: the card's credential, or a phone's pass (or
    /// why there is none). Runs on the monitor's thread while the card is connected.
    enum Credential: Sendable, Equatable {
        /// A card's credential, and its proof when it is a verified SUN read.
        case card(String, secure: SecureTap?)
        case wallet(WalletPresentation)
    }

    /// An ISO 14443-4 presentation (a phone answers as one) is asked for each set-up wallet in
    /// turn, Apple then Google: each one's SELECT OSE tells the phone's kind. One that answers
    /// neither is a card, by its UID (a random one is refused by the core).
    func credential(for read: CardRead, card: any CardChannel) throws(CardReadError) -> Credential {
        if read.secure != nil || read.message != nil { return .card(read.credential, secure: read.secure) }
        if read.atr?.isISO14443_3AStorageCard != true {
            if let apple {
                // Google passes need no ECP; a reader that refuses it reads the pass all the same.
                if let kind = ecp.kind(reader: card.reader) { ECPFrame.send(card, kind: kind) }
                switch try VASReader.read(card, setup: apple) {
                case .pass(let presentation): return .wallet(presentation)
                case .refused(let refusal): return .wallet(WalletPresentation(wallet: .apple, read: .refused(refusal)))
                case .notApplePay: break
                }
            }
            if let google {
                switch try SmartTapReader.read(card, setup: google) {
                case .pass(let presentation): return .wallet(presentation)
                case .refused(let refusal): return .wallet(WalletPresentation(wallet: .google, read: .refused(refusal)))
                case .notGooglePay: break
                }
            }
        }
        // A random UID that gave no pass is still sent as a card: the core's `RandomUIDRule`
        // refuses it (`noWalletPass`), wherever it came from.
        return .card(read.credential, secure: nil)
    }
}
