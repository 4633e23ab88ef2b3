import Foundation
import MemberKit

/// Writes a member's Apple Wallet pass for the desk's `w` key (the CLI's `wallet apple`, behind a
/// port, so DeskUI does not import the signing code). Wired by the executable; nil: no wallet in this build.
public protocol WalletPassService: Sendable {
    /// The `[wallet]` keys a pass needs that are not set (empty: ready).
    var missingSetUp: [String] { get }
    /// Writes the pass; a refusal is thrown as the one line staff see.
    func writePass(memberId: String) throws -> WalletPassNotice
}

/// What the desk shows once a pass is written.
public struct WalletPassNotice: Sendable, Equatable {
    public var memberName: String
    public var path: String
    /// The Google save link's length (links past ~2,000 characters do not fit every mail client); nil: Google not set up.
    public var googleLinkLength: Int?
    /// Why there is no Google link, when `[wallet.google]` is set up but the link failed.
    public var googleProblem: String?

    public init(memberName: String, path: String, googleLinkLength: Int?, googleProblem: String? = nil) {
        self.memberName = memberName
        self.path = path
        self.googleLinkLength = googleLinkLength
        self.googleProblem = googleProblem
    }

    /// The notice dialog's lines.
    public var lines: [String] {
        var lines = ["Apple Wallet pass for \(memberName):", path]
        if let googleLinkLength {
            lines.append("Google Wallet link: \(googleLinkLength) characters (memberdesk wallet google prints it)")
        } else if let googleProblem {
            lines.append("Google Wallet link: \(googleProblem)")
        } else {
            lines.append("Google Wallet: not set up ([wallet.google])")
        }
        return lines
    }
}
