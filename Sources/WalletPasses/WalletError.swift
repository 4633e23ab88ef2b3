import Foundation

/// Why a pass or a key could not be made: one line a person can act on, naming the file, key or member.
public struct WalletError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `[wallet]` set-up is missing a key (the desk says which).
        case setUp
        /// A key, certificate or service account file that is missing, unreadable or wrong.
        case file
        /// The member cannot have this pass (unknown, deleted asked by pass, pass id too long for NFC).
        case member
        /// Writing the pass failed.
        case io
    }

    public let kind: Kind
    public let description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
