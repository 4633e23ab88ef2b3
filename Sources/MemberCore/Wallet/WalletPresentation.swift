import Foundation

/// Which wallet a phone's pass came from.
public enum WalletKind: String, Sendable, Codable, CaseIterable {
    case apple, google
}

/// Why a phone at the reader was not checked in, before any member was looked at.
public enum WalletRefusal: String, Sendable, Codable {
    /// A phone (its UID is random) with no pass of ours: never enrolled under that UID.
    case noWalletPass
    /// The pass's time is further than `wallet.max_age_seconds` from the desk's clock.
    case stale
    /// This very cryptogram was read before, at this desk or another.
    case replay
    /// The phone wants its holder to confirm (Face ID, a locked phone, a pass picker).
    case confirmOnPhone
    /// More than one pass could answer (Google's 93 02): the phone shows a picker, then wants another tap.
    case choosePassOnPhone
}

/// What a phone held to the reader gave, as the reader read it: a pass of ours (decrypted), or a
/// refusal the reader could tell from the phone's answers.
public struct WalletPresentation: Sendable, Equatable {
    public enum Read: Sendable, Equatable {
        /// `passId`: the pass's message (Apple's `nfc.message`, Google's redemption value).
        /// `madeAt`: when the phone made the cryptogram (nil: the protocol carries no time).
        /// `digest`: a hash of what the phone sent, to know it again (never the cryptogram).
        case pass(passId: String, madeAt: Date?, digest: [UInt8])
        case refused(WalletRefusal)
        /// What the phone sent did not verify under this tap's keys (`problem` says what failed). A
        /// Smart Tap answer recorded at an earlier tap looks just so, since every tap has new session
        /// keys: its `digest` (of what the phone sent) tells a replay from a reader error.
        case unverified(digest: [UInt8], problem: String)
    }

    /// nil: a phone that answered neither wallet.
    package var wallet: WalletKind?
    package var read: Read

    public init(wallet: WalletKind?, read: Read) {
        self.wallet = wallet
        self.read = read
    }
}

/// The desk's rules for phones' passes.
public struct WalletSettings: Sendable, Equatable {
    /// Named in "No <organization> pass on this phone".
    package var organization: String
    /// A cryptogram further than this from the desk's clock is stale; a seen one is kept this long.
    package var maxAge: TimeInterval

    public init(organization: String = "", maxAge: TimeInterval = 120) {
        self.organization = organization
        self.maxAge = maxAge
    }
}
