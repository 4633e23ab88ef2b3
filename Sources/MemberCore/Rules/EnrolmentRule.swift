/// A pass no member holds: enrol it (the candidate goes through the other rules, as any entry
/// does) or answer `unknownPass`. A tap follows the desk's enrolment policy; a pass typed by hand
/// is asked about first (a typo is not a member); staff's yes to that question enrols it. A pass
/// that a member holds but for leading zeros (a spreadsheet's `12` for the card `0012`) is not
/// enrolled by policy: it is most likely that member's card, so the desk offers it to them.
@_spi(Decisions) public enum EnrolmentRule {
    package enum Verdict: Equatable {
        case answer(CheckInOutcome)
        case candidate(MemberRecord)
    }

    /// How the way in treats an unknown pass.
    package enum Request {
        /// A card at a reader: `enrolment = "auto"` enrols it.
        case byPolicy
        /// Typed by hand: reported, so that the desk can ask.
        case ask
        /// Staff said yes: enrol it, with this name and these fields.
        case enrol(username: String?, fields: [String: JSONValue])
    }

    package static func apply(pass: NormalizedPass, policy: EnrolmentPolicy, request: Request, nearHolders: Int = 0,
                      candidate: (_ username: String?, _ fields: [String: JSONValue]) -> MemberRecord) -> Verdict {
        // A Wallet pass's credential no file has brought yet is a pass of ours, never a new member's card.
        if PassCredential.isWellFormed(pass.passId) { return .answer(.unknownPass(pass.passId)) }
        switch request {
        case .byPolicy where policy == .auto && nearHolders == 0: return .candidate(candidate(nil, [:]))
        case .byPolicy, .ask: return .answer(.unknownPass(pass.passId))
        case .enrol(let username, let fields): return .candidate(candidate(username, fields))
        }
    }
}
