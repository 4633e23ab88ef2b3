import MemberKit
import WalletReading

/// How the reader reads phones' passes: Apple's VAS when `[wallet.apple]` is set up, Google's
/// Smart Tap when `[wallet.google]` is. Both nil: a phone is only told apart by its random UID.
public struct WalletReaders: Sendable {
    public var apple: VASSetup?

    public init(apple: VASSetup? = nil) {
        self.apple = apple
    }

    /// What a presentation gives the check-in port: the card's credential, or a phone's pass (or
    /// why there is none). Runs on the monitor's thread while the card is connected.
    enum Credential: Sendable, Equatable {
        case card(String)
        case wallet(WalletPresentation)
    }

    /// An ISO 14443-4 presentation (a phone answers as one) is asked for each set-up wallet in
    /// turn. One that answers neither is a card, by its UID, unless that UID is random: a phone
    /// without a pass of ours, refused, never enrolled.
    func credential(for read: CardRead, card: any CardChannel) throws(CardReadError) -> Credential {
        let random = PhoneUID.isRandom(read.uid)
        if read.message == nil, read.atr?.isISO14443_3AStorageCard != true {
            if let apple {
                switch try VASReader.read(card, setup: apple) {
                case .pass(let presentation): return .wallet(presentation)
                case .refused(let refusal): return .wallet(WalletPresentation(wallet: .apple, read: .refused(refusal)))
                case .notApplePay: break
                }
            }
        }
        if random { return .wallet(WalletPresentation(wallet: nil, read: .refused(.noWalletPass))) }
        return .card(read.credential)
    }
}
